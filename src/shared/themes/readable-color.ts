import { contrast, hexToRgb, luminance, rgbToHex } from './color';

/** Hue 0..360, saturation and lightness 0..1. */
type Hsl = [number, number, number];

function toHsl(hex: string): Hsl {
  const [r, g, b] = hexToRgb(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

function fromHsl([h, s, l]: Hsl): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return rgbToHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

const readsOnAll = (hex: string, grounds: readonly string[], min: number) =>
  grounds.every((ground) => contrast(hex, ground) >= min);

/**
 * The lightness (0..1) between `from` and `to` closest to `from` at which the colour reads on every
 * ground, or null if even `to` does not. Luminance only moves one way as HSL lightness moves
 * towards black or white, so past the grounds a bisection finds the edge; `to` itself is checked
 * first, and the first passing value is kept whole (no rounding can take it back under).
 */
function edge(hsl: Hsl, to: 0 | 1, grounds: readonly string[], min: number): number | null {
  const [h, s, from] = hsl;
  const at = (l: number) => fromHsl([h, s, l]);
  if (!readsOnAll(at(to), grounds, min)) return null;
  // Which side of every ground the answer lies on: darker than all of them, or lighter.
  const goal = (l: number) => {
    const y = luminance(at(l));
    return grounds.every((ground) => (to === 0 ? y < luminance(ground) : y > luminance(ground)));
  };
  let passing: number = to;
  let failing = from;
  for (let i = 0; i < 24; i++) {
    const middle = (passing + failing) / 2;
    if (goal(middle) && readsOnAll(at(middle), grounds, min)) passing = middle;
    else failing = middle;
  }
  return passing;
}

/**
 * A colour someone picked (a message's text colour, a name's colour or a gradient's stop), made
 * readable for this viewer: if it does not reach `min` contrast (WCAG, default 4.5:1) against every
 * one of `grounds`, its HSL lightness moves, hue and saturation kept, just far enough (towards
 * black or white, whichever needs the smaller move; black or white itself if neither reaches).
 * Pure and cheap (about fifty contrast computations when it must move), so it can run at render
 * time; callers cache by colour and theme.
 */
export function readableColor(color: string, grounds: readonly string[], min = 4.5): string {
  const hex = color.toLowerCase();
  if (grounds.length === 0 || readsOnAll(hex, grounds, min)) return hex;
  const hsl = toHsl(hex);
  const darker = edge(hsl, 0, grounds, min);
  const lighter = edge(hsl, 1, grounds, min);
  const pick =
    darker === null
      ? lighter
      : lighter === null
        ? darker
        : Math.abs(hsl[2] - darker) <= Math.abs(lighter - hsl[2])
          ? darker
          : lighter;
  if (pick === null) {
    const worst = (candidate: string) => Math.min(...grounds.map((ground) => contrast(candidate, ground)));
    return worst('#000000') >= worst('#ffffff') ? '#000000' : '#ffffff';
  }
  return fromHsl([hsl[0], hsl[1], pick]);
}
