import path from 'node:path';
import type { Core, Module } from '../module';
import { registerChatImageRoutes } from './images.routes';
import { createChatImageStore, type ChatImageStore } from './images.store';

export type { ChatImageStore } from './images.store';

export interface ImagesModule extends Module {
  /**
   * A picture message's address checked (ours, the sender's), a legacy data-image stored; a
   * picture claimed by another holder (a wall post) once, released or removed with it; pictures
   * whose holder is gone (an expired story) deleted with their files.
   */
  images: Pick<ChatImageStore, 'resolve' | 'claim' | 'release' | 'remove' | 'idsOwnedBy' | 'removeFiles' | 'discard'>;
}

/** Pictures in messages: the upload, the stored WebP files and their thumbnails. */
export function createImagesModule(core: Core): ImagesModule {
  const images = createChatImageStore({
    db: core.db,
    // Several nodes must share this folder (a shared volume), as they share the database.
    dir: path.join(core.config.dataDir, 'uploads', 'images'),
    now: () => core.clock.now(),
  });
  return {
    name: 'images',
    images,
    routes: (fastify, http) => registerChatImageRoutes(fastify, { images, cookies: http.cookies }),
  };
}
