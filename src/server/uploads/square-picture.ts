import type { Metadata } from 'sharp';
import type { UploadedFile } from '../../shared/api/endpoint';
import { AppError } from '../errors';

/** Room pictures are shown at 36–44 px, avatars at up to 150 px: 256 px squares are plenty. */
export const SQUARE_PICTURE_SIZE = 256;
/** Decoding cost grows with pixels, not bytes: a small file can claim a huge canvas. */
export const SQUARE_PICTURE_MAX_PIXELS = 40_000_000;

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
 * A square picture (a room's, an avatar) from an upload: its format is read from the bytes (never its name or declared
 * type, which must agree with them), its size in pixels is bounded, and it is re-encoded to a
 * square WebP without metadata (EXIF location, comments): what is stored is always an image we
 * wrote.
 */
export async function toSquarePicture(file: UploadedFile): Promise<Buffer> {
  // Loaded on the first upload: the image library is large and most servers start without needing it.
  const { default: sharp } = await import('sharp');
  const options = { limitInputPixels: SQUARE_PICTURE_MAX_PIXELS, failOn: 'error' } as const;
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
  if (metadata.width * height > SQUARE_PICTURE_MAX_PIXELS) throw new AppError('IMAGE_TOO_LARGE', 413);
  try {
    return await sharp(file.data, options)
      .rotate()
      .resize(SQUARE_PICTURE_SIZE, SQUARE_PICTURE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Headers that decode but pixels that do not (a truncated or corrupt file).
    throw new AppError('IMAGE_INVALID', 400);
  }
}
