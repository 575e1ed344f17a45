import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_FILE, CHAT_IMAGE_MAX_BYTES, CHAT_IMAGES_URL, uploadsEndpoints } from '../../shared/api/uploads';
import { AppError } from '../http/errors';
import { route } from '../http/route';
import type { SessionCookies } from '../modules/auth/request-session';
import type { ChatImageStore } from './images.store';

/**
 * `POST /api/uploads/image` (a picture for a message, by someone signed in) and the stored
 * pictures themselves: only names the store writes are looked up, always sent as WebP the browser
 * may not reinterpret, cached for a year (a name is never reused).
 */
export function registerChatImageRoutes(
  fastify: FastifyInstance,
  deps: { images: ChatImageStore; cookies: SessionCookies },
): void {
  const { images } = deps;

  route(
    fastify,
    uploadsEndpoints.image,
    { ...deps, maxFileBytes: CHAT_IMAGE_MAX_BYTES },
    async ({ session, files }) => {
      const file = files.image;
      if (!file) throw new AppError('IMAGE_INVALID', 400);
      return { image: await images.save(session.user.id, file) };
    },
  );

  fastify.get<{ Params: { file: string } }>(`${CHAT_IMAGES_URL}:file`, async (request, reply) => {
    const { file } = request.params;
    if (!CHAT_IMAGE_FILE.test(file)) throw new AppError('NOT_FOUND', 404);
    const target = path.join(images.dir, file);
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
