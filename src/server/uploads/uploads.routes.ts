import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import { ROOM_ICON_NAME, ROOM_ICONS_URL, type RoomIconStore } from './room-icons';

/**
 * Serves stored room pictures, and nothing else: only names the store writes (a hash and
 * `.webp`) are looked up, so no other file, folder or path outside it can be asked for; no
 * listing. They are always sent as WebP images the browser may not reinterpret, and never change
 * (the name is the content's hash), so they are cached for a year.
 */
export function registerUploadRoutes(fastify: FastifyInstance, deps: { roomIcons: RoomIconStore }): void {
  fastify.get<{ Params: { file: string } }>(`${ROOM_ICONS_URL}:file`, async (request, reply) => {
    const { file } = request.params;
    if (!ROOM_ICON_NAME.test(file)) throw new AppError('NOT_FOUND', 404);
    const target = path.join(deps.roomIcons.dir, file);
    const found = await stat(target).catch(() => null);
    if (!found?.isFile()) throw new AppError('NOT_FOUND', 404);
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', found.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .send(createReadStream(target));
  });
}
