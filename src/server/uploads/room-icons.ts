import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Metadata } from 'sharp';
import type { UploadedFile } from '../../shared/api/endpoint';
import { AppError } from '../http/errors';

/** Room pictures are shown at 36–44 px (twice that on dense screens): 256 px squares are plenty. */
export const ROOM_ICON_SIZE = 256;
/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas. */
export const ROOM_ICON_MAX_PIXELS = 40_000_000;
/** Where room pictures are served from; the file names are content hashes. */
export const ROOM_ICONS_URL = '/uploads/rooms/';
/** The only names the store writes and the route serves. */
export const ROOM_ICON_NAME = /^[0-9a-f]{32}\.webp$/;

/**
 * The picture formats accepted, by the decoder sharp finds from the bytes, and the types a browser
 * may declare for each. SVG is not among them: it is a document that can carry scripts.
 */
const DECLARED_TYPES: Partial<Record<string, readonly string[]>> = {
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png', 'image/apng'],
  webp: ['image/webp'],
  gif: ['image/gif'],
  heif: ['image/avif', 'image/heif', 'image/heic', 'image/heif-sequence', 'image/heic-sequence'],
  tiff: ['image/tiff'],
};
/** A browser that does not know the type says nothing, or says "bytes": the bytes decide. */
const UNDECLARED = new Set(['', 'application/octet-stream']);

/**
 * A room picture from an upload: its format is read from the bytes (never its name or declared
 * type, which must agree with them), its size in pixels is bounded, and it is re-encoded to a
 * square WebP without metadata (EXIF location, comments): what is stored is always an image we
 * wrote.
 */
export async function toRoomIcon(file: UploadedFile): Promise<Buffer> {
  // Loaded on the first upload: the image library is large and most servers start without needing it.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: ROOM_ICON_MAX_PIXELS, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(file.data, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_INVALID', 400);
  }
  const declared = file.mimetype.toLowerCase();
  const allowed = DECLARED_TYPES[metadata.format];
  if (!allowed || !(UNDECLARED.has(declared) || allowed.includes(declared))) throw new AppError('IMAGE_INVALID', 400);
  const height = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !height) throw new AppError('IMAGE_INVALID', 400);
  if (metadata.width * height > ROOM_ICON_MAX_PIXELS) throw new AppError('IMAGE_TOO_LARGE', 413);
  try {
    return await sharp(file.data, options)
      .rotate()
      .resize(ROOM_ICON_SIZE, ROOM_ICON_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Headers that decode but pixels that do not (a truncated or corrupt file).
    throw new AppError('IMAGE_INVALID', 400);
  }
}

/** Stores room pictures under `dir`, each named by the hash of its bytes (the same picture is one file). */
export function createRoomIconStore(dir: string) {
  return {
    dir,

    /** Checks and re-encodes an upload, stores it, and returns the address it is served at. */
    async save(file: UploadedFile): Promise<string> {
      const webp = await toRoomIcon(file);
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
