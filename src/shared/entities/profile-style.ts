/**
 * The look of a profile (spec §3 "Username effects", "Profile effects", §5 colour, gradient,
 * frame and tag rules): the allowed values and the one normaliser for each, used by the server
 * to validate `PUT /api/users/:id` and by the profile editor to preview what will be stored.
 */
import type { Role } from '../roles';
import { isStaff } from '../roles';

/** Spec §3: each with its 'effect-' prefix. */
export const USERNAME_EFFECTS = [
  'effect-soft-fire',
  'effect-gentle-silver',
  'effect-soft-pink',
  'effect-calm-blue',
  'effect-focused-gold',
  'effect-center-burst',
  'effect-diamond-cross',
  'effect-counter-wave',
  'effect-star-burst',
  'effect-spiral-fire',
  'effect-shimmer-static',
  'effect-shimmer-vertical',
  'effect-shimmer-horizontal',
  'effect-shimmer-diagonal',
] as const;
export type UsernameEffect = (typeof USERNAME_EFFECTS)[number];

/** Spec §3: about 27 glows around the profile (the 18 named first). */
export const PROFILE_EFFECTS = [
  'effect-glow',
  'effect-pulse',
  'effect-water',
  'effect-aurora',
  'effect-neon',
  'effect-fire',
  'effect-ice',
  'effect-holographic',
  'effect-galaxy',
  'effect-shimmer',
  'effect-prism',
  'effect-rainbow',
  'effect-shadow',
  'effect-electric',
  'effect-crystal',
  'effect-lightning',
  'effect-smoke',
  'effect-butterfly',
  'effect-heartbeat',
  'effect-stars',
  'effect-snow',
  'effect-sunset',
  'effect-ocean',
  'effect-forest',
  'effect-gold',
  'effect-diamond',
  'effect-royal',
] as const;
export type ProfileEffect = (typeof PROFILE_EFFECTS)[number];

/** Frame and tag numbers (spec §5, §9). */
export const DECORATION_MIN = 1;
export const DECORATION_MAX = 50;

export const BIO_MAX = 200;
export const STATUS_TEXT_MAX = 60;

const HEX = /^#?([0-9a-f]{6})$/i;

/** Spec §5: 6 hex digits with an optional '#'; '#rrggbb' in lower case, or null when invalid. */
export function normalizeHexColor(value: string): string | null {
  const match = HEX.exec(value.trim());
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

/**
 * A gradient we accept: `linear-gradient(<0–360>deg, #hex [0–100%], …)` with 2 to 5 stops.
 * Nothing else reaches CSS (no url(), no var(), no other functions), so a stored gradient can
 * never carry more than colours.
 */
const GRADIENT = /^linear-gradient\(\s*(\d{1,3})deg\s*((?:,\s*#?[0-9a-f]{6}(?:\s+\d{1,3}%)?\s*){2,5})\)$/i;
const STOP = /#?([0-9a-f]{6})(?:\s+(\d{1,3})%)?/gi;

/** The gradient in one canonical spelling, or null when it is not one we accept. */
export function normalizeGradient(value: string): string | null {
  const match = GRADIENT.exec(value.trim());
  if (!match) return null;
  const angle = Number(match[1]);
  if (angle > 360) return null;
  const stops: string[] = [];
  for (const stop of match[2]!.matchAll(STOP)) {
    const percent = stop[2] === undefined ? null : Number(stop[2]);
    if (percent !== null && percent > 100) return null;
    stops.push(`#${stop[1]!.toLowerCase()}${percent === null ? '' : ` ${percent}%`}`);
  }
  return `linear-gradient(${angle}deg, ${stops.join(', ')})`;
}

/**
 * Spec §5: a profile background must be a linear-gradient; a single colour becomes a 135-degree
 * gradient of that colour. Null when neither.
 */
export function normalizeProfileBackground(value: string): string | null {
  const hex = normalizeHexColor(value);
  if (hex) return `linear-gradient(135deg, ${hex}, ${hex})`;
  return normalizeGradient(value);
}

/** Spec §5: the first digits of a name, clamped to 1..50; null when there are none or they are 0. */
export function decorationNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const digits = /\d+/.exec(String(value));
  if (!digits) return null;
  const n = Number(digits[0]);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(DECORATION_MAX, Math.max(DECORATION_MIN, n));
}

/** The stored frame name ('frame12'), or null. */
export function normalizeFrame(value: string | number): string | null {
  const n = decorationNumber(value);
  return n === null ? null : `frame${n}`;
}

/** The stored tag name ('tag7'), or null. */
export function normalizeTag(value: string | number): string | null {
  const n = decorationNumber(value);
  return n === null ? null : `tag${n}`;
}

/** Gradients, username effects and profile backgrounds: moderator, admin and owner only (spec §5, §6). */
export const STAFF_STYLE_FIELDS = ['usernameGradient', 'usernameEffect', 'profileBackgroundColor'] as const;
export type StaffStyleField = (typeof STAFF_STYLE_FIELDS)[number];

export function mayUseStaffStyles(role: Role): boolean {
  return isStaff(role);
}
