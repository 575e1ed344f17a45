/**
 * A crown/tag may also be one's own picture (spec §3: "a path or data URL"). The server keeps
 * only what an <img> can show and nothing that tracks viewers: small raster data URLs whose
 * bytes match their declared type, and images under the site's own picture folders. Remote
 * http(s) addresses are refused, since every viewer's browser would fetch them.
 */

/** Longest data URL kept (it travels with the user's record to every online list). */
export const TAG_DATA_URL_MAX = 12_000;
/** The side, in pixels, a picture is reduced to before it becomes a tag. */
export const TAG_IMAGE_SIDE = 96;

const DATA_URL = /^data:image\/(png|webp|jpeg|gif);base64,([A-Za-z0-9+/]+={0,2})$/;
const SITE_PATH =
  /^\/(?:tags|frames|uploads)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.(?:webp|png|jpe?g|gif)$/i;

type RasterType = 'png' | 'webp' | 'jpeg' | 'gif';

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

/** What the first bytes say the picture is. */
function sniff(bytes: Uint8Array): RasterType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

function decodeBase64Head(data: string): Uint8Array | null {
  try {
    // 16 characters are 12 bytes: enough for every signature above.
    const head = atob(data.slice(0, 16));
    return Uint8Array.from(head, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A small raster data URL whose bytes are what it says, or null. */
export function normalizeTagDataUrl(value: string): string | null {
  if (value.length > TAG_DATA_URL_MAX) return null;
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const [, declared, data = ''] = match;
  if (data.length % 4 !== 0) return null;
  const head = decodeBase64Head(data);
  return head && sniff(head) === declared ? value : null;
}

/** A picture under the site's own /tags, /frames or /uploads folders, or null. */
export function normalizeTagPath(value: string): string | null {
  return SITE_PATH.test(value) ? value : null;
}

/** True when a stored tag is a picture rather than a numbered badge. */
export function isTagImage(tag: string | null | undefined): tag is string {
  return typeof tag === 'string' && (tag.startsWith('data:') || tag.startsWith('/'));
}
