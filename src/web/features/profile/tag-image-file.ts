import { TAG_DATA_URL_MAX, TAG_IMAGE_SIDE } from '../../../shared/profile/tag-image';

export type TagImageFailure = 'unreadable' | 'tooBig';

export class TagImageError extends Error {
  constructor(readonly reason: TagImageFailure) {
    super(reason);
  }
}

function draw(bitmap: ImageBitmap, side: number): HTMLCanvasElement {
  const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/**
 * A picture from the device as a small tag: drawn at most 96 px on its longer side and encoded as
 * WebP (PNG where the browser cannot write WebP), small enough to travel with one's record.
 */
export async function tagImageFromFile(file: File): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new TagImageError('unreadable');
  }
  try {
    for (const side of [TAG_IMAGE_SIDE, 64, 48]) {
      const canvas = draw(bitmap, side);
      for (const quality of [0.9, 0.75, 0.6]) {
        const url = canvas.toDataURL('image/webp', quality);
        if (url.length <= TAG_DATA_URL_MAX) return url;
        // A browser without a WebP writer gives PNG, which takes no quality: try a smaller side.
        if (!url.startsWith('data:image/webp')) break;
      }
    }
  } finally {
    bitmap.close();
  }
  throw new TagImageError('tooBig');
}
