/**
 * How profile edits are stored (spec §5), built on the look's own rules
 * (`shared/profile/appearance.ts`, `decoration-number.ts`), so what the server stores is exactly
 * what the avatar and name components show.
 */
import { isStaff, type Role } from '../roles';
import { normalizeGradient, normalizeHexColor } from '../profile/appearance';
import { parseFrameNumber, parseTagNumber } from '../profile/decoration-number';
import { normalizeTagDataUrl, normalizeTagPath } from '../profile/tag-image';

export { normalizeHexColor, normalizeGradient, USERNAME_EFFECTS, PROFILE_EFFECTS } from '../profile/appearance';

export const BIO_MAX = 200;
export const STATUS_TEXT_MAX = 60;

/** A name gradient: a linear-gradient of hex colours (a lone colour is not a gradient). */
export function normalizeUsernameGradient(value: string): string | null {
  return normalizeHexColor(value) ? null : normalizeGradient(value);
}

/** Spec §5: a background must be a linear-gradient; a single colour becomes a 135° gradient. */
export function normalizeProfileBackground(value: string): string | null {
  return normalizeGradient(value);
}

/** The stored frame name ('frame12'): the first digits clamped to 1..50; a frame must be above 0. */
export function normalizeFrame(value: string): string | null {
  const n = parseFrameNumber(value);
  return n === null ? null : `frame${n}`;
}

/**
 * The stored tag: a numbered badge ('tag7', the first digits clamped to 1..50), or one's own
 * picture as a small data URL or a path under the site's picture folders (spec §3).
 */
export function normalizeTag(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.startsWith('data:')) return normalizeTagDataUrl(trimmed);
  if (trimmed.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return normalizeTagPath(trimmed);
  const n = parseTagNumber(trimmed);
  return n === null ? null : `tag${n}`;
}

/** Gradients, username effects and profile backgrounds: moderator, admin and owner only (spec §5, §6). */
export const STAFF_STYLE_FIELDS = ['usernameGradient', 'usernameEffect', 'profileBackgroundColor'] as const;
export type StaffStyleField = (typeof STAFF_STYLE_FIELDS)[number];

export function mayUseStaffStyles(role: Role): boolean {
  return isStaff(role);
}
