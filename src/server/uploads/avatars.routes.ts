import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors';
import { AVATAR_NAME, AVATARS_URL, type AvatarStore } from './avatars';

/**
 * Serves stored avatars and nothing else: only names the store writes are looked up (no other
 * file or path can be asked for), sent as WebP the browser may not reinterpret, cached for a
 * year (a name is its content's hash, so a new avatar is a new address).
 */
export function registerAvatarRoutes(fastify: FastifyInstance, deps: { avatars: AvatarStore }): void {
  fastify.get<{ Params: { file: string } }>(`${AVATARS_URL}:file`, async (request, reply) => {
    const { file } = request.params;
    if (!AVATAR_NAME.test(file)) throw new AppError('NOT_FOUND', 404);
    const target = path.join(deps.avatars.dir, file);
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
