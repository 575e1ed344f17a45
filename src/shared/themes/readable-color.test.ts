import { describe, expect, it } from 'vitest';
import { TEXT_COLOR_PALETTE } from '../constants';
import { contrast, hexToRgb } from './color';
import { readableColor } from './readable-color';
import { textGrounds, THEME_IDS, themeColors } from './themes';

/** The hue of a colour in degrees (NaN for greys), to check it is kept. */
function hue(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 8) return Number.NaN;
  const d = max - min;
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}
const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('readableColor', () => {
  it('keeps a colour that already reads', () => {
    expect(readableColor('#1d4ed8', ['#ffffff'])).toBe('#1d4ed8');
    expect(readableColor('#E5E7EB', ['#0f1115'])).toBe('#e5e7eb');
  });

  it('darkens a pale colour on a light page and lightens a dark one on a dark page, just enough', () => {
    const onLight = readableColor('#fde047', ['#f4f6f9']);
    expect(contrast(onLight, '#f4f6f9')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onLight, '#f4f6f9')).toBeLessThan(4.8);
    const onDark = readableColor('#7f1d1d', ['#0f1115']);
    expect(contrast(onDark, '#0f1115')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(onDark, '#0f1115')).toBeLessThan(4.8);
  });

  it('keeps the hue', () => {
    for (const [color, ground] of [
      ['#fde047', '#ffffff'],
      ['#7f1d1d', '#0f1115'],
      ['#1d4ed8', '#0f1115'],
      ['#ff0080', '#faf5fb'],
      ['#0ea5e9', '#ffffff'],
    ] as const) {
      const result = readableColor(color, [ground]);
      expect(result).not.toBe(color);
      expect(hueDistance(hue(result), hue(color)), `${color} → ${result}`).toBeLessThan(4);
    }
  });

  it('reads on every ground it is given', () => {
    const grounds = ['#ffffff', '#f1dff3', '#eef1f5'];
    const result = readableColor('#a21caf', grounds, 7);
    for (const ground of grounds) expect(contrast(result, ground)).toBeGreaterThanOrEqual(7);
  });

  it('turns black (the default colour) light on a dark page', () => {
    const result = readableColor('#000000', ['#0f1115']);
    expect(contrast(result, '#0f1115')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives black or white when no lightness reaches the contrast', () => {
    // Nothing reads at 21:1 on mid grey; the better extreme comes back.
    expect(readableColor('#336699', ['#777777'], 21)).toMatch(/^#(000000|ffffff)$/);
  });

  it('leaves a colour alone with no ground to read on', () => {
    expect(readableColor('#fde047', [])).toBe('#fde047');
  });

  it.each(THEME_IDS)('%s: every palette colour reads on the page, its cards and own messages', (id) => {
    const c = themeColors(id);
    const grounds = textGrounds(c).main;
    for (const color of TEXT_COLOR_PALETTE) {
      const result = readableColor(color, grounds);
      for (const ground of grounds)
        expect(contrast(result, ground), `${id} ${color} → ${result} on ${ground}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
