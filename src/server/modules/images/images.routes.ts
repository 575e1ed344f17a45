import type { FastifyInstance } from 'fastify';
import { CHAT_IMAGE_FILE, CHAT_IMAGE_MAX_BYTES, CHAT_IMAGES_URL, uploadsEndpoints } from '../../../shared/api/uploads';
import { AppError } from '../../errors';
import { route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { ChatImageStore } from './images.store';
import { serveStoredWebp } from '../../uploads/serve-webp';

/**
 * `POST /api/uploads/image` (a picture for a message, by someone signed in) and the stored
 * pictures themselves: only names the store writes are looked up, always sent as WebP the browser
 * may not reinterpret, cached for a year (a name is never reused).
 */
export function registerChatImageRoutes(
  fastify: FastifyInstance,
  deps: { images: ChatImageStore; cookies: SessionReader },
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

  serveStoredWebp(fastify, { url: CHAT_IMAGES_URL, name: CHAT_IMAGE_FILE, dir: images.dir });
}
