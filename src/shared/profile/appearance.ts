import { isStaff, type Role } from '../roles';

/** The 14 username effects of spec §3 (class names carry the 'effect-' prefix). */
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

/** Profile effects: a glow around the profile (spec §3 names 18 of about 27). */
export const PROFILE_EFFECTS = [
  'glow',
  'pulse',
  'water',
  'aurora',
  'neon',
  'fire',
  'ice',
  'holographic',
  'galaxy',
  'shimmer',
  'prism',
  'rainbow',
  'shadow',
  'electric',
  'crystal',
  'lightning',
  'smoke',
  'butterfly',
  'gold',
  'silver',
  'rose',
  'emerald',
  'sunset',
  'ocean',
  'heartbeat',
  'sparkle',
  'royal',
] as const;
export type ProfileEffect = (typeof PROFILE_EFFECTS)[number];

const HEX = /^#?([0-9a-f]{6})$/i;

/** A 6-digit hex colour with optional '#' as '#rrggbb'; anything else is ignored (null). */
export function normalizeHexColor(value: string | null | undefined): string | null {
  const match = HEX.exec(value?.trim() ?? '');
  return match ? `#${match[1]!.toLowerCase()}` : null;
}

const GRADIENT =
  /^linear-gradient\(\s*(?:-?\d{1,3}(?:\.\d+)?deg|to (?:top|bottom|left|right)(?: (?:top|bottom|left|right))?)?\s*,?\s*(?:#[0-9a-f]{6}(?:\s+\d{1,3}%)?\s*,\s*)+#[0-9a-f]{6}(?:\s+\d{1,3}%)?\s*\)$/i;

/**
 * A profile background or name gradient (spec §5): it must be a linear-gradient of hex colours
 * to apply; a single colour becomes a 135-degree gradient; anything else is ignored. Only hex
 * colours are allowed inside, so no `url()` or other CSS can ride along.
 */
export function normalizeGradient(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return null;
  const single = normalizeHexColor(trimmed);
  if (single) return `linear-gradient(135deg, ${single}, ${single})`;
  return GRADIENT.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : null;
}

export function normalizeUsernameEffect(value: string | null | undefined): UsernameEffect | null {
  if (!value) return null;
  const name = value.startsWith('effect-') ? value : `effect-${value}`;
  return (USERNAME_EFFECTS as readonly string[]).includes(name) ? (name as UsernameEffect) : null;
}

export function normalizeProfileEffect(value: string | null | undefined): ProfileEffect | null {
  if (!value) return null;
  const name = value.replace(/^effect-/, '');
  return (PROFILE_EFFECTS as readonly string[]).includes(name) ? (name as ProfileEffect) : null;
}

/** Fields of a user the look is drawn from. */
export interface AppearanceSource {
  role: Role;
  usernameColor?: string | null;
  usernameGradient?: string | null;
  usernameEffect?: string | null;
  profileBackgroundColor?: string | null;
  profileEffect?: string | null;
}

export interface Appearance {
  color: string | null;
  gradient: string | null;
  usernameEffect: UsernameEffect | null;
  background: string | null;
  profileEffect: ProfileEffect | null;
}

/**
 * What a user's name and profile show. Gradients, username effects and profile backgrounds take
 * effect only for owner, admin and moderator (spec §5/§6), whatever is stored.
 */
export function resolveAppearance(user: AppearanceSource): Appearance {
  const staff = isStaff(user.role);
  return {
    color: normalizeHexColor(user.usernameColor),
    gradient: staff ? normalizeGradient(user.usernameGradient) : null,
    usernameEffect: staff ? normalizeUsernameEffect(user.usernameEffect) : null,
    background: staff ? normalizeGradient(user.profileBackgroundColor) : null,
    profileEffect: normalizeProfileEffect(user.profileEffect),
  };
}
