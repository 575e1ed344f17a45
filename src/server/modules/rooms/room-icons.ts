import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '../../../shared/api/endpoint';
import { toSquarePicture } from '../../uploads/square-picture';

/** Where room pictures are served from; the file names are content hashes. */
export const ROOM_ICONS_URL = '/uploads/rooms/';
/** The only names the store writes and the route serves. */
export const ROOM_ICON_NAME = /^[0-9a-f]{32}\.webp$/;

/** Stores room pictures under `dir`, each named by the hash of its bytes (the same picture is one file). */
export function createRoomIconStore(dir: string) {
  return {
    dir,

    /** Checks and re-encodes an upload, stores it, and returns the address it is served at. */
    async save(file: UploadedFile): Promise<string> {
      const webp = await toSquarePicture(file);
      const name = `${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`;
      const target = path.join(dir, name);
      if (!existsSync(target)) {
        await mkdir(dir, { recursive: true });
        // Written whole, then renamed: a reader never sees half a file.
        const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
        try {
          await writeFile(temporary, webp);
          await rename(temporary, target);
        } finally {
          await rm(temporary, { force: true });
        }
      }
      return ROOM_ICONS_URL + name;
    },
  };
}

export type RoomIconStore = ReturnType<typeof createRoomIconStore>;
