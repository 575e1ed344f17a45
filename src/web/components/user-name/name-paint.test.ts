import { describe, expect, it } from 'vitest';
import { contrast } from '../../../shared/themes/color';
import { USERNAME_EFFECTS } from '../../../shared/profile/appearance';
import { readableColor } from '../../../shared/themes/readable-color';
import { textGrounds, themeColors, type TextSurface, type ThemeId } from '../../../shared/themes/themes';
import { EFFECT_PAINTS, namePaint } from './name-paint';

const readable = (theme: ThemeId, surface: TextSurface, hex: string) =>
  readableColor(hex, textGrounds(themeColors(theme))[surface]);
const colorsIn = (paint: string) => paint.match(/#[0-9a-f]{6}/g) ?? [];

describe('namePaint', () => {
  it('draws a plain name in its colour made readable on each surface', () => {
    const vars = namePaint({ color: '#fde047', gradient: null, usernameEffect: null }, 'berryCool', readable);
    const grounds = textGrounds(themeColors('berryCool'));
    expect(contrast(vars['--name-main']!, grounds.main[0]!)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(vars['--name-side']!, grounds.sidebar[0]!)).toBeGreaterThanOrEqual(4.5);
    // berryCool's side columns are dark: a pale yellow stays pale there, and darkens on the page.
    expect(vars['--name-side']).toBe('#fde047');
    expect(vars['--name-main']).not.toBe('#fde047');
    expect(vars['--paint-main']).toBeUndefined();
  });

  it('makes every stop of a gradient readable, keeping its shape', () => {
    const vars = namePaint(
      { color: null, gradient: 'linear-gradient(90deg, #ff0080 10%, #7928ca)', usernameEffect: null },
      'dark',
      readable,
    );
    expect(vars['--paint-main']).toMatch(/^linear-gradient\(90deg, #[0-9a-f]{6} 10%, #[0-9a-f]{6}\)$/);
    for (const stop of colorsIn(vars['--paint-main']!))
      expect(contrast(stop, themeColors('dark').background)).toBeGreaterThanOrEqual(4.5);
    expect(vars['--name-main']).toBeUndefined();
  });

  it('paints each effect in readable colours on light and dark themes', () => {
    for (const effect of USERNAME_EFFECTS)
      for (const theme of ['default', 'dark'] as const) {
        const vars = namePaint({ color: '#1e3a8a', gradient: null, usernameEffect: effect }, theme, readable);
        const paint = vars['--paint-main']!;
        expect(paint, effect).toMatch(/^linear-gradient\(/);
        for (const stop of colorsIn(paint))
          for (const ground of textGrounds(themeColors(theme)).main)
            expect(contrast(stop, ground), `${effect} ${theme} ${stop}`).toBeGreaterThanOrEqual(4.5);
      }
  });

  it('gives the plain-lettered effects the name’s colour, or the text colour without one', () => {
    expect(EFFECT_PAINTS['effect-shimmer-static']).toBeNull();
    const own = namePaint(
      { color: '#1d4ed8', gradient: null, usernameEffect: 'effect-shimmer-static' },
      'default',
      readable,
    );
    expect(own['--paint-main']).toBe('linear-gradient(#1d4ed8, #1d4ed8)');
    const none = namePaint(
      { color: null, gradient: null, usernameEffect: 'effect-shimmer-static' },
      'default',
      readable,
    );
    expect(none['--paint-main']).toBe('linear-gradient(var(--foreground), var(--foreground))');
  });
});
