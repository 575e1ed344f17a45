/** Frames and crowns/tags are numbered 1..50 (spec §5, §9). */
export const DECORATION_MIN = 1;
export const DECORATION_MAX = 50;
export const DECORATION_COUNT = DECORATION_MAX - DECORATION_MIN + 1;

/** Test-page pixel size (spec §5). */
export const TEST_PIXEL_MIN = 24;
export const TEST_PIXEL_MAX = 200;

const FIRST_DIGITS = /\d+/;

function firstNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  const match = FIRST_DIGITS.exec(value);
  return match ? Number.parseInt(match[0], 10) : null;
}

const clamp = (n: number) => Math.min(DECORATION_MAX, Math.max(DECORATION_MIN, n));

/**
 * A frame's number from its name ("frame10", "10", "gold-frame-7"): the first digits, clamped
 * to 1..50. No digits, or 0, is no frame (a frame must be greater than 0).
 */
export function parseFrameNumber(value: string | number | null | undefined): number | null {
  const n = firstNumber(value);
  if (n === null || n <= 0) return null;
  return clamp(n);
}

/** A crown/tag number from its name: the first digits, clamped to 1..50; none without digits. */
export function parseTagNumber(value: string | number | null | undefined): number | null {
  const n = firstNumber(value);
  return n === null ? null : clamp(n);
}

/** Clamp a test page's pixel size to 24..200 (anything unreadable is no size). */
export function parseTestPixelSize(value: string | number | null | undefined): number | null {
  const n = firstNumber(value);
  if (n === null) return null;
  return Math.min(TEST_PIXEL_MAX, Math.max(TEST_PIXEL_MIN, n));
}

export const FRAME_EXTENSIONS = ['webp', 'png', 'jpg', 'jpeg'] as const;
export const TAG_EXTENSIONS = ['webp', 'png', 'jpg'] as const;

/** The image addresses a frame is tried at, in order (spec §4: webp, png, jpg, jpeg, then hidden). */
export function frameSources(frame: number): string[] {
  return FRAME_EXTENSIONS.map((ext) => `/frames/frame${frame}.${ext}`);
}

const TAG_URL = /^(data:image\/|https?:\/\/|\/(?!\/))/i;

/**
 * The image addresses a crown/tag is tried at (webp, png, jpg, then hidden). A tag that is
 * itself a path, http(s) or data URL is used as it is (spec §3).
 */
export function tagSources(tag: string | number | null | undefined): string[] {
  if (typeof tag === 'string' && TAG_URL.test(tag.trim())) return [tag.trim()];
  const n = parseTagNumber(tag);
  return n === null ? [] : TAG_EXTENSIONS.map((ext) => `/tags/tag${n}.${ext}`);
}
