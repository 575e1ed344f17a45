import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '../../../shared/api/endpoint';
import { AVATAR_MAX_BYTES } from '../../../shared/api/users';
import { AppError } from '../../errors';
import { SQUARE_PICTURE_SIZE, toSquarePicture } from '../../uploads/square-picture';

/** Where avatars are served from (spec §3: a bare file name maps to /uploads/avatars/{file}). */
export const AVATARS_URL = '/uploads/avatars/';
/**
 * The three sizes stored, in pixels: the large one (profile, 150 px shown) is the checked square
 * itself; the others serve the small (36) and medium (56–72) avatars on dense screens.
 */
export const AVATAR_SIZES = [SQUARE_PICTURE_SIZE, 128, 64] as const;
/** The names the store writes and the route serves: `{hash}.webp`, `{hash}-128.webp`, `{hash}-64.webp`. */
export const AVATAR_NAME = /^[0-9a-f]{32}(?:-(?:128|64))?\.webp$/;

/** The file name of one size of an avatar. */
export function avatarFileName(hash: string, size: number = SQUARE_PICTURE_SIZE): string {
  return size === SQUARE_PICTURE_SIZE ? `${hash}.webp` : `${hash}-${size}.webp`;
}

async function writeWhole(dir: string, name: string, data: Buffer): Promise<void> {
  const target = path.join(dir, name);
  if (existsSync(target)) return;
  // Written whole, then renamed: a reader never sees half a file.
  const temporary = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, data);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

/**
 * Avatars under `dir`. An upload goes through the square pictures' pipeline (`toSquarePicture`: the
 * format read from the bytes, the declared type checked against it, the pixel count bounded
 * before decoding, EXIF dropped, cropped square, re-encoded to WebP), then the two smaller sizes
 * are made from that square. Files are named by the hash of the large WebP.
 */
export function createAvatarStore(dir: string) {
  return {
    dir,

    /** Checks and stores an upload; returns its hash and the address of its large size. */
    async save(file: UploadedFile): Promise<{ hash: string; url: string }> {
      if (file.data.length > AVATAR_MAX_BYTES) throw new AppError('IMAGE_TOO_LARGE', 413);
      const large = await toSquarePicture(file);
      const { default: sharp } = await import('sharp');
      const hash = createHash('sha256').update(large).digest('hex').slice(0, 32);
      await mkdir(dir, { recursive: true });
      for (const size of AVATAR_SIZES) {
        const data =
          size === SQUARE_PICTURE_SIZE ? large : await sharp(large).resize(size, size).webp({ quality: 80 }).toBuffer();
        await writeWhole(dir, avatarFileName(hash, size), data);
      }
      return { hash, url: AVATARS_URL + avatarFileName(hash) };
    },

    /** Removes every size of an avatar (an account deleted). */
    async remove(hash: string): Promise<void> {
      if (!/^[0-9a-f]{32}$/.test(hash)) return;
      await Promise.all(AVATAR_SIZES.map((size) => rm(path.join(dir, avatarFileName(hash, size)), { force: true })));
    },
  };
}

export type AvatarStore = ReturnType<typeof createAvatarStore>;
