// Small SVG drawing helpers shared by the frame and crown/tag designs (scripts/make-frames.ts).
// Every shape is plain SVG 1.1 that librsvg (sharp) renders: paths, gradients, one blur filter.

export interface Metal {
  name: string;
  /** Highlight, body, shade, outline. */
  light: string;
  base: string;
  dark: string;
  edge: string;
}

export const METALS: Metal[] = [
  { name: 'gold', light: '#fff7cc', base: '#f2c230', dark: '#a8700c', edge: '#5a3a02' },
  { name: 'silver', light: '#ffffff', base: '#d5dbe4', dark: '#8792a3', edge: '#39414f' },
  { name: 'rose-gold', light: '#ffe6e3', base: '#eba59c', dark: '#b0645c', edge: '#5c2a25' },
  { name: 'bronze', light: '#ffdcb5', base: '#cf8440', dark: '#8a4d1a', edge: '#42230a' },
  { name: 'platinum', light: '#f7fbff', base: '#bfd0e6', dark: '#6f87a8', edge: '#2c3a52' },
  { name: 'emerald', light: '#d9ffee', base: '#2fcf8f', dark: '#067a52', edge: '#022c1e' },
  { name: 'sapphire', light: '#dfeaff', base: '#4a8af5', dark: '#1d3a8f', edge: '#0a1640' },
  { name: 'ruby', light: '#ffe3e8', base: '#f0446a', dark: '#9c1238', edge: '#45051a' },
  { name: 'amethyst', light: '#f4e9ff', base: '#ae63f2', dark: '#64209f', edge: '#2a0b4d' },
  { name: 'obsidian', light: '#a7b0bf', base: '#3b4352', dark: '#141922', edge: '#000000' },
  { name: 'jade', light: '#effcd0', base: '#86c93a', dark: '#3f6b12', edge: '#1a2e05' },
  { name: 'frost', light: '#ffffff', base: '#a8ecf7', dark: '#1d95b5', edge: '#0d4558' },
  { name: 'ember', light: '#fff3d6', base: '#ff9a3c', dark: '#c2410c', edge: '#4a1404' },
];

export interface Gem {
  light: string;
  base: string;
  dark: string;
}

export const GEMS: Gem[] = [
  { light: '#ffd1dc', base: '#e11d48', dark: '#6b0320' }, // ruby
  { light: '#d6e6ff', base: '#2563eb', dark: '#0c1f66' }, // sapphire
  { light: '#d3ffe9', base: '#10b981', dark: '#03452f' }, // emerald
  { light: '#f1ddff', base: '#9333ea', dark: '#3b0a6b' }, // amethyst
  { light: '#ffffff', base: '#c8f3ff', dark: '#5aa7c4' }, // diamond
  { light: '#fff3c4', base: '#f59e0b', dark: '#7a4300' }, // topaz
  { light: '#ffe0f2', base: '#ec4899', dark: '#6d0b3f' }, // pink sapphire
  { light: '#ccfbf1', base: '#14b8a6', dark: '#064e47' }, // aquamarine
];

export const C = 100;
const round = (n: number) => Math.round(n * 100) / 100;

/** A point `r` from the centre at `deg` degrees clockwise from the top. */
export function polar(r: number, deg: number, cx = C, cy = C): [number, number] {
  const a = ((deg - 90) * Math.PI) / 180;
  return [round(cx + r * Math.cos(a)), round(cy + r * Math.sin(a))];
}

export const pt = ([x, y]: [number, number]) => `${x},${y}`;

/** A metal gradient (linear, with two shines) and a soft radial variant, ids `${id}` and `${id}-r`. */
export function metalDefs(id: string, m: Metal, angle = 45): string {
  const [x1, y1] = polar(50, angle + 180, 50, 50);
  const [x2, y2] = polar(50, angle, 50, 50);
  return `
  <linearGradient id="${id}" x1="${x1}%" y1="${y1}%" x2="${x2}%" y2="${y2}%">
    <stop offset="0" stop-color="${m.light}"/>
    <stop offset="0.22" stop-color="${m.base}"/>
    <stop offset="0.45" stop-color="${m.dark}"/>
    <stop offset="0.62" stop-color="${m.base}"/>
    <stop offset="0.8" stop-color="${m.light}"/>
    <stop offset="1" stop-color="${m.dark}"/>
  </linearGradient>
  <radialGradient id="${id}-r" cx="35%" cy="30%" r="75%">
    <stop offset="0" stop-color="${m.light}"/>
    <stop offset="0.5" stop-color="${m.base}"/>
    <stop offset="1" stop-color="${m.dark}"/>
  </radialGradient>`;
}

export function gemDefs(id: string, g: Gem): string {
  return `
  <radialGradient id="${id}" cx="35%" cy="30%" r="80%">
    <stop offset="0" stop-color="${g.light}"/>
    <stop offset="0.45" stop-color="${g.base}"/>
    <stop offset="1" stop-color="${g.dark}"/>
  </radialGradient>`;
}

export const glowFilter = (id: string, blur = 2.2) => `
  <filter id="${id}" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur stdDeviation="${blur}"/>
  </filter>`;

export type GemShape = 'round' | 'diamond' | 'square' | 'drop' | 'heart' | 'oval';

/** A cut stone in a metal setting: outline, body, facet line and a white glint. */
export function gem(
  x: number,
  y: number,
  size: number,
  shape: GemShape,
  fill: string,
  edge: string,
  rotate = 0,
): string {
  const s = size;
  let body: string;
  switch (shape) {
    case 'diamond':
      body = `<path d="M0,${-s * 1.25} L${s},0 L0,${s * 1.25} L${-s},0 Z"/>`;
      break;
    case 'square':
      body = `<rect x="${-s * 0.85}" y="${-s * 0.85}" width="${s * 1.7}" height="${s * 1.7}" rx="${s * 0.25}" transform="rotate(45)"/>`;
      break;
    case 'drop':
      body = `<path d="M0,${-s * 1.4} C${s * 0.7},${-s * 0.5} ${s},0 ${s},${s * 0.3} A${s},${s} 0 0 1 ${-s},${s * 0.3} C${-s},0 ${-s * 0.7},${-s * 0.5} 0,${-s * 1.4} Z"/>`;
      break;
    case 'heart':
      body = `<path d="M0,${s * 1.1} C${-s * 1.6},${-s * 0.1} ${-s * 0.9},${-s * 1.5} 0,${-s * 0.55} C${s * 0.9},${-s * 1.5} ${s * 1.6},${-s * 0.1} 0,${s * 1.1} Z"/>`;
      break;
    case 'oval':
      body = `<ellipse rx="${s * 0.75}" ry="${s * 1.2}"/>`;
      break;
    default:
      body = `<circle r="${s}"/>`;
  }
  const glint = `<ellipse cx="${-s * 0.32}" cy="${-s * 0.38}" rx="${s * 0.3}" ry="${s * 0.18}" fill="#fff" fill-opacity="0.85" transform="rotate(-35 ${-s * 0.32} ${-s * 0.38})"/>`;
  return `<g transform="translate(${round(x)} ${round(y)}) rotate(${rotate})">
    <g fill="${edge}" transform="scale(1.28)">${body}</g>
    <g fill="url(#${fill})">${body}</g>
    ${glint}
  </g>`;
}

/** A five-pointed (or n-pointed) star polygon. */
export function star(x: number, y: number, outer: number, inner: number, points = 5, rotate = 0): string {
  const coords: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    coords.push(pt(polar(r, rotate + (i * 180) / points, x, y)));
  }
  return coords.join(' ');
}

/** A leaf pointing along `deg` (clockwise from the top), base at (x, y). */
export function leaf(x: number, y: number, deg: number, length: number, width: number): string {
  const l = length;
  const w = width;
  return `<path transform="translate(${round(x)} ${round(y)}) rotate(${round(deg)})" d="M0,0 C${w},${-l * 0.3} ${w * 0.8},${-l * 0.75} 0,${-l} C${-w * 0.8},${-l * 0.75} ${-w},${-l * 0.3} 0,0 Z"/>`;
}

/** A feather of a wing: a long tapered blade. */
export function feather(x: number, y: number, deg: number, length: number, width: number): string {
  const l = length;
  const w = width;
  return `<path transform="translate(${round(x)} ${round(y)}) rotate(${round(deg)})" d="M0,0 C${w},${-l * 0.25} ${w * 0.9},${-l * 0.8} ${w * 0.15},${-l} L${-w * 0.15},${-l} C${-w * 0.6},${-l * 0.75} ${-w * 0.9},${-l * 0.3} 0,0 Z"/>`;
}

export function svgDocument(width: number, height: number, viewBox: string, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}"><defs>${defs}</defs>${body}</svg>`;
}
