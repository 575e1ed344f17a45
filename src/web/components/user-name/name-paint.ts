import type { Appearance, UsernameEffect } from '../../../shared/profile/appearance';
import type { TextSurface, ThemeId } from '../../../shared/themes/themes';

/**
 * The letters of each username effect (spec §3): a gradient of hex colours, or null for the
 * effects whose letters are the name's own colour (the shimmers: only their light moves).
 */
export const EFFECT_PAINTS: Record<UsernameEffect, string | null> = {
  'effect-soft-fire': 'linear-gradient(0deg, #b91c1c, #f97316 45%, #facc15)',
  'effect-gentle-silver': 'linear-gradient(90deg, #64748b, #94a3b8, #64748b)',
  'effect-soft-pink': 'linear-gradient(90deg, #db2777, #f472b6, #be185d)',
  'effect-calm-blue': 'linear-gradient(90deg, #1d4ed8, #0ea5e9, #1e40af)',
  'effect-focused-gold': 'linear-gradient(90deg, #a16207, #eab308, #854d0e)',
  'effect-center-burst': 'linear-gradient(90deg, #c2410c, #f59e0b 50%, #c2410c)',
  'effect-diamond-cross': 'linear-gradient(90deg, #0891b2, #6366f1, #0891b2)',
  'effect-shimmer-diagonal': null,
  'effect-counter-wave': 'linear-gradient(90deg, #06b6d4, #8b5cf6, #ec4899)',
  'effect-star-burst': 'linear-gradient(90deg, #f97316, #fde047 50%, #f97316)',
  'effect-spiral-fire': 'linear-gradient(90deg, #7f1d1d, #ef4444, #f97316, #ef4444, #7f1d1d)',
  'effect-shimmer-static': null,
  'effect-shimmer-vertical': null,
  'effect-shimmer-horizontal': null,
};

const SURFACES: [TextSurface, string][] = [
  ['main', 'main'],
  ['sidebar', 'side'],
];

/**
 * The custom properties that draw a name for one theme: on each surface (`main`, `side` for the
 * side columns) its colour (`--name-*`) and, for a gradient or an effect, the paint of its letters
 * (`--paint-*`), every colour in them made readable there by `readable` (which keeps the hue).
 * Without a colour of its own, a plain-lettered effect paints in the text colour.
 */
export function namePaint(
  look: Pick<Appearance, 'color' | 'gradient' | 'usernameEffect'>,
  theme: ThemeId,
  readable: (theme: ThemeId, surface: TextSurface, hex: string) => string,
): Record<`--${string}`, string> {
  const vars: Record<`--${string}`, string> = {};
  const paint = look.usernameEffect
    ? (EFFECT_PAINTS[look.usernameEffect] ??
      `linear-gradient(${look.color ?? 'var(--foreground)'}, ${look.color ?? 'var(--foreground)'})`)
    : look.gradient;
  for (const [surface, suffix] of SURFACES) {
    if (look.color) vars[`--name-${suffix}`] = readable(theme, surface, look.color);
    if (paint)
      vars[`--paint-${suffix}`] = paint.replace(/#[0-9a-f]{6}/gi, (hex) => readable(theme, surface, hex.toLowerCase()));
  }
  return vars;
}
