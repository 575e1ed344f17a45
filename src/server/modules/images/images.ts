import type { Metadata } from 'sharp';
import type { UploadedFile } from '../../../shared/api/endpoint';
import { CHAT_IMAGE_FULL_SIZE, CHAT_IMAGE_MAX_PIXELS, CHAT_IMAGE_THUMB_SIZE } from '../../../shared/api/uploads';
import { AppError } from '../../errors';

/**
 * Formats accepted, by the decoder sharp finds in the bytes, with the types a browser may declare
 * for each. SVG is not among them: it is a document that can carry scripts.
 */
const DECLARED_TYPES: Partial<Record<string, readonly string[]>> = {
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png', 'image/apng'],
  webp: ['image/webp'],
  gif: ['image/gif'],
  heif: ['image/avif', 'image/heif', 'image/heic', 'image/heif-sequence', 'image/heic-sequence'],
  tiff: ['image/tiff'],
};
/** A browser that does not know the type says nothing, or "bytes": the bytes decide. */
const UNDECLARED = new Set(['', 'application/octet-stream']);

export interface EncodedChatImage {
  full: Buffer;
  thumbnail: Buffer;
  /** The full size's pixels, after rotation by its EXIF orientation and resizing. */
  width: number;
  height: number;
}

/**
 * A picture for a message, from an upload: its format is read from the bytes (a declared type
 * must agree), its canvas is bounded before any pixel is decoded (a decompression bomb is refused
 * from its header), and it is re-encoded to WebP without metadata, as a full size (at most
 * 1600 px a side) and a thumbnail (320 px): what is stored is always an image we wrote.
 */
export async function encodeChatImage(file: UploadedFile): Promise<EncodedChatImage> {
  // Loaded on the first upload: the image library is large and most servers start without needing it.
  const { default: sharp } = await import('sharp');
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels, so it needs no pixel limit.
    metadata = await sharp(file.data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('IMAGE_INVALID', 400);
  }
  const declared = file.mimetype.toLowerCase();
  const allowed = DECLARED_TYPES[metadata.format];
  if (!allowed || !(UNDECLARED.has(declared) || allowed.includes(declared))) throw new AppError('IMAGE_INVALID', 400);
  const height = metadata.pageHeight ?? metadata.height;
  if (!metadata.width || !height) throw new AppError('IMAGE_INVALID', 400);
  if (metadata.width * height > CHAT_IMAGE_MAX_PIXELS) throw new AppError('IMAGE_DIMENSIONS_TOO_LARGE', 413);
  // Only the first frame of an animation: a message picture is a still.
  const options = { limitInputPixels: CHAT_IMAGE_MAX_PIXELS, failOn: 'error', pages: 1 } as const;
  try {
    const full = await sharp(file.data, options)
      .rotate()
      .resize(CHAT_IMAGE_FULL_SIZE, CHAT_IMAGE_FULL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(file.data, options)
      .rotate()
      .resize(CHAT_IMAGE_THUMB_SIZE, CHAT_IMAGE_THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    return { full: full.data, thumbnail, width: full.info.width, height: full.info.height };
  } catch {
    // Headers that decode but pixels that do not (a truncated or corrupt file).
    throw new AppError('IMAGE_INVALID', 400);
  }
}

/** A legacy `data:image/…;base64,…` content (spec §5) as the file it carries, or an invalid-image refusal. */
export function fileFromDataUrl(content: string): UploadedFile {
  const text = content.trim();
  const comma = text.indexOf(',');
  const header = text.slice(0, comma);
  const match = /^data:(image\/[a-z0-9.+-]+);base64$/i.exec(header);
  const body = text.slice(comma + 1);
  if (comma < 0 || !match || !/^[A-Za-z0-9+/=\s]*$/.test(body)) throw new AppError('IMAGE_INVALID', 400);
  const data = Buffer.from(body, 'base64');
  if (data.length === 0) throw new AppError('IMAGE_INVALID', 400);
  return { filename: 'legacy', mimetype: match[1]!.toLowerCase(), data: new Uint8Array(data) };
}
