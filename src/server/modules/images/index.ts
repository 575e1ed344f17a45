import path from 'node:path';
import type { Db } from '../../db/client';
import type { Core, Module } from '../module';
import { chatImagesRetention } from './images.retention';
import { registerChatImageRoutes } from './images.routes';
import { createChatImageStore, type ChatImageStore } from './images.store';

export type { ChatImageStore } from './images.store';
export { chatImagesRetention, UNSENT_IMAGE_KEPT_MS } from './images.retention';

export interface ImagesModule extends Module {
  /**
   * A picture message's address checked (ours, the sender's), a legacy data-image stored; a
   * picture claimed by another holder (a wall post) once, released or removed with it; pictures
   * whose holder is gone (an expired story) deleted with their files.
   */
  images: Pick<ChatImageStore, 'resolve' | 'claim' | 'release' | 'remove' | 'idsOwnedBy' | 'removeFiles' | 'discard'>;
}

/** Where the pictures of messages are stored: several nodes must share it (a shared volume), as they share the database. */
export function chatImagesDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'images');
}

/** Pictures in messages: the upload, the stored WebP files and their thumbnails. */
/** Deletes pictures' rows and files by id, without the site (`npm run retention`'s stories rule). */
export function discardImages(db: Db, dataDir: string): ChatImageStore['discard'] {
  return createChatImageStore({ db, dir: chatImagesDir(dataDir), now: () => Date.now() }).discard;
}

export function createImagesModule(core: Core): ImagesModule {
  const dir = chatImagesDir(core.config.dataDir);
  const images = createChatImageStore({ db: core.db, dir, now: () => core.clock.now() });
  return {
    name: 'images',
    images,
    routes: (fastify, http) => registerChatImageRoutes(fastify, { images, cookies: http.cookies }),
    retention: [chatImagesRetention(core.db, dir)],
  };
}
