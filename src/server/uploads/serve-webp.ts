import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * Serves the WebP files one store writes, and nothing else: only names matching `name` are looked
 * up in `dir` (no other file, folder or path can be asked for; no listing). They are always sent
 * as WebP the browser may not reinterpret or run, and cached for a year: a stored name is never
 * reused for other content.
 */
export function serveStoredWebp(fastify: FastifyInstance, store: { url: string; name: RegExp; dir: string }): void {
  fastify.get<{ Params: { file: string } }>(`${store.url}:file`, async (request, reply) => {
    const { file } = request.params;
    if (!store.name.test(file)) throw new AppError('NOT_FOUND', 404);
    const target = path.join(store.dir, file);
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
