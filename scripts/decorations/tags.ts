// The 50 crowns/tags, as SVG in a 240×120 drawing (shown 1.2× the avatar's width, resting on its
// top edge). Tag n = shape (n-1) % 10 in variant ⌊(n-1)/10⌋: its own metal, stones and details.
import {
  GEMS,
  METALS,
  feather,
  gem,
  gemDefs,
  glowFilter,
  leaf,
  metalDefs,
  star,
  svgDocument,
  type GemShape,
  type Metal,
} from './svg-kit';

export const TAG_WIDTH = 256;
export const TAG_HEIGHT = 128;

const X = 120;
const SHAPES: GemShape[] = ['round', 'diamond', 'oval', 'square', 'drop'];

interface Design {
  n: number;
  metal: Metal;
  shape: GemShape;
  variant: number;
}

const stroke = (m: Metal, w = 2) => `stroke="${m.edge}" stroke-width="${w}" stroke-linejoin="round"`;

function band(d: Design, y: number, half: number, h: number): string {
  const { metal } = d;
  const beads = Array.from({ length: 9 }, (_, i) => {
    const x = X - half + 8 + (i * (half * 2 - 16)) / 8;
    return `<circle cx="${x}" cy="${y + h / 2}" r="2.4" fill="${metal.light}" stroke="${metal.edge}" stroke-width="0.7"/>`;
  }).join('');
  return `<path d="M${X - half},${y} Q${X},${y + 6} ${X + half},${y} L${X + half},${y + h} Q${X},${y + h + 6} ${X - half},${y + h} Z" fill="url(#m)" ${stroke(metal)}/>${d.variant % 2 ? beads : ''}`;
}

function classicCrown(d: Design): string {
  const points = 5 + (d.variant % 2) * 2;
  const left = 58;
  const right = 182;
  const span = right - left;
  let path = `M${left},96 `;
  const tips: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const x = left + (span * i) / (points - 1);
    const centre = 1 - Math.abs(i - (points - 1) / 2) / ((points - 1) / 2);
    const y = 30 - centre * 14;
    tips.push([x, y]);
    if (i > 0) path += `L${x - span / (points - 1) / 2},${66 - centre * 4} `;
    path += `L${x},${y} `;
  }
  path += `L${right},96 Z`;
  const balls = tips
    .map(([x, y]) => `<circle cx="${x}" cy="${y - 2}" r="5" fill="url(#m-r)" ${stroke(d.metal, 1.4)}/>`)
    .join('');
  const gems = [X - 36, X, X + 36]
    .map((x, i) => gem(x, 94, i === 1 ? 7 : 5, d.shape, i === 1 ? 'g1' : 'g2', d.metal.edge))
    .join('');
  return `<path d="${path}" fill="url(#m)" ${stroke(d.metal, 2.2)}/>${balls}${band(d, 84, 64, 20)}${gems}`;
}

function royalCrown(d: Design): string {
  const m = d.metal;
  return `<path d="M66,88 C60,50 88,30 ${X},36 C152,30 180,50 174,88 Z" fill="url(#g1)" opacity="0.9" ${stroke(m, 1.6)}/>
  <path d="M70,88 C70,52 96,40 ${X},40" fill="none" stroke="url(#m)" stroke-width="8" stroke-linecap="round"/>
  <path d="M170,88 C170,52 144,40 ${X},40" fill="none" stroke="url(#m)" stroke-width="8" stroke-linecap="round"/>
  <path d="M${X},40 L${X},88" stroke="url(#m)" stroke-width="7"/>
  ${[0.25, 0.5, 0.75].map((t) => `<circle cx="${70 + (X - 70) * t * 0.4 + 8}" cy="${88 - 40 * t}" r="2.6" fill="${m.light}" ${stroke(m, 0.6)}/>`).join('')}
  <circle cx="${X}" cy="28" r="9" fill="url(#m-r)" ${stroke(m, 1.6)}/>
  <path d="M${X - 3},6 h6 v5 h5 v6 h-5 v5 h-6 v-5 h-5 v-6 h5 Z" fill="url(#m)" ${stroke(m, 1.2)}/>
  ${band(d, 84, 60, 22)}
  ${gem(X - 34, 95, 5, d.shape, 'g2', m.edge)}${gem(X, 95, 7.5, d.shape, 'g1', m.edge)}${gem(X + 34, 95, 5, d.shape, 'g2', m.edge)}`;
}

function tiara(d: Design): string {
  const m = d.metal;
  const pearls = Array.from({ length: 15 }, (_, i) => {
    const t = i / 14;
    const a = Math.PI * (1 - t);
    const x = X + Math.cos(a) * 74;
    const y = 100 - Math.sin(a) * 48;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${i % 2 ? 3 : 4.2}" fill="url(#m-r)" ${stroke(m, 1)}/>`;
  }).join('');
  const scrolls = [-1, 1]
    .map(
      (s) =>
        `<path d="M${X},86 C${X + s * 18},60 ${X + s * 44},66 ${X + s * 40},84 C${X + s * 36},96 ${X + s * 22},90 ${X + s * 26},80" fill="none" stroke="url(#m)" stroke-width="5" stroke-linecap="round"/><path d="M${X},86 C${X + s * 18},60 ${X + s * 44},66 ${X + s * 40},84" fill="none" stroke="${m.edge}" stroke-width="1" />`,
    )
    .join('');
  return `<path d="M40,104 C40,50 80,44 ${X},44 C160,44 200,50 200,104" fill="none" stroke="url(#m)" stroke-width="7"/>${scrolls}${pearls}
  ${gem(X, 64, 11, d.shape === 'round' ? 'drop' : d.shape, 'g1', m.edge)}${gem(X - 48, 84, 5, 'round', 'g2', m.edge)}${gem(X + 48, 84, 5, 'round', 'g2', m.edge)}`;
}

function wreath(d: Design): string {
  const m = d.metal;
  const leaves: string[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 10; i++) {
      const t = i / 9;
      const a = Math.PI * (0.5 + side * (0.08 + t * 0.42));
      const x = X + Math.cos(a) * 70 * -1;
      const y = 108 - Math.sin(a) * 68 * (0.7 + t * 0.3) + 20 * t * t;
      const dir = side * (20 + t * 60);
      leaves.push(leaf(x, y, dir - side * 35, 20 - t * 5, 6.5));
      leaves.push(leaf(x, y, dir + side * 55, 17 - t * 4, 5.5));
    }
  }
  return `<g fill="url(#m)" ${stroke(m, 1.1)}>${leaves.join('')}</g>${gem(X, 102, 8, d.shape, 'g1', m.edge)}
  <path d="M${X - 6},104 L${X - 20},118 L${X - 10},116 L${X - 6},120 Z M${X + 6},104 L${X + 20},118 L${X + 10},116 L${X + 6},120 Z" fill="url(#g2)" ${stroke(m, 1)}/>`;
}

function wingedGem(d: Design): string {
  const m = d.metal;
  const feathers: string[] = [];
  for (const side of [-1, 1]) {
    for (let i = 0; i < 7; i++) {
      const deg = side * (40 + i * 12);
      feathers.push(feather(X + side * 14, 70, deg, 70 - i * 7, 10));
    }
  }
  return `<g fill="url(#m)" ${stroke(m, 1.2)}>${feathers.join('')}</g>${gem(X, 68, 19, d.shape, 'g1', m.edge)}`;
}

function starBadge(d: Design): string {
  const m = d.metal;
  const points = 5 + (d.variant % 3);
  return `<path d="M30,60 L70,52 L70,84 L30,92 L42,76 Z M210,60 L170,52 L170,84 L210,92 L198,76 Z" fill="url(#g2)" ${stroke(m, 1.6)}/>
  <rect x="64" y="52" width="112" height="30" rx="4" fill="url(#g2)" ${stroke(m, 1.6)}/>
  <polygon points="${star(X, 62, 56, 26, points)}" fill="url(#m)" ${stroke(m, 2.2)}/>
  <polygon points="${star(X, 62, 40, 19, points)}" fill="none" stroke="${m.light}" stroke-opacity="0.8" stroke-width="1.4"/>
  ${gem(X, 62, 11, d.shape, 'g1', m.edge)}`;
}

function halo(d: Design): string {
  const m = d.metal;
  const sparkles = [
    [34, 40, 9],
    [206, 38, 8],
    [70, 18, 6],
    [172, 16, 7],
    [X, 10, 9],
  ]
    .map(([x, y, r]) => `<polygon points="${star(x!, y!, r!, r! * 0.28, 4)}" fill="${m.light}" ${stroke(m, 0.8)}/>`)
    .join('');
  return `<ellipse cx="${X}" cy="70" rx="86" ry="26" fill="none" stroke="${m.base}" stroke-width="18" filter="url(#blur)" opacity="0.8"/>
  <ellipse cx="${X}" cy="70" rx="84" ry="24" fill="none" stroke="${m.edge}" stroke-width="12"/>
  <ellipse cx="${X}" cy="70" rx="84" ry="24" fill="none" stroke="url(#m)" stroke-width="9"/>
  <ellipse cx="${X}" cy="68" rx="84" ry="24" fill="none" stroke="${m.light}" stroke-width="1.4" stroke-opacity="0.9"/>
  ${gem(X, 94, 8, d.shape, 'g1', m.edge)}${sparkles}`;
}

function spikedCrown(d: Design): string {
  const m = d.metal;
  const spikes = Array.from({ length: 7 }, (_, i) => {
    const x = 66 + i * 18;
    const tall = i % 2 === 0 ? 44 : 26;
    const top = 84 - tall - (i === 3 ? 14 : 0);
    return `<path d="M${x - 7},86 L${x},${top} L${x + 7},86 Z" fill="url(#m)" ${stroke(m, 1.6)}/><circle cx="${x}" cy="${top - 3}" r="${i % 2 ? 3.4 : 5}" fill="url(#${i % 2 ? 'm-r' : 'g2'})" ${stroke(m, 1.2)}/>`;
  }).join('');
  return `${spikes}${band(d, 82, 66, 22)}${[-44, -22, 0, 22, 44].map((dx, i) => gem(X + dx, 93, i === 2 ? 6.5 : 4.4, i % 2 ? 'diamond' : d.shape, i === 2 ? 'g1' : 'g2', m.edge)).join('')}`;
}

function lotusDiadem(d: Design): string {
  const m = d.metal;
  const lotus = (cx: number, cy: number, s: number) =>
    `<g fill="url(#m)" ${stroke(m, 1.3)}>${leaf(cx, cy, 0, 34 * s, 11 * s)}${leaf(cx, cy, -34, 28 * s, 9 * s)}${leaf(cx, cy, 34, 28 * s, 9 * s)}${leaf(cx, cy, -66, 20 * s, 7 * s)}${leaf(cx, cy, 66, 20 * s, 7 * s)}</g>`;
  return `${lotus(X - 50, 86, 0.7)}${lotus(X + 50, 86, 0.7)}${lotus(X, 86, 1.25)}${band(d, 82, 70, 18)}
  ${gem(X, 60, 7, d.shape, 'g1', m.edge)}${gem(X - 50, 70, 4, 'round', 'g2', m.edge)}${gem(X + 50, 70, 4, 'round', 'g2', m.edge)}${gem(X, 91, 5, 'round', 'g2', m.edge)}`;
}

function crescentCrown(d: Design): string {
  const m = d.metal;
  const domes = [-46, 0, 46]
    .map(
      (dx, i) =>
        `<path d="M${X + dx - 18},84 C${X + dx - 18},${60 - (i === 1 ? 10 : 0)} ${X + dx},${52 - (i === 1 ? 14 : 0)} ${X + dx},${44 - (i === 1 ? 16 : 0)} C${X + dx},${52 - (i === 1 ? 14 : 0)} ${X + dx + 18},${60 - (i === 1 ? 10 : 0)} ${X + dx + 18},84 Z" fill="url(#m)" ${stroke(m, 1.6)}/>`,
    )
    .join('');
  // Crescent: a circle minus an offset circle, as one even-odd path.
  const cy = 18;
  const crescent = `<path fill-rule="evenodd" d="M${X - 14},${cy} a14,14 0 1,0 28,0 a14,14 0 1,0 -28,0 Z M${X - 8},${cy - 4} a12,12 0 1,0 24,0 a12,12 0 1,0 -24,0 Z" fill="url(#m)" ${stroke(m, 1.4)}/>`;
  return `${domes}${crescent}<polygon points="${star(X + 2, cy - 1, 6, 2.6, 5)}" fill="${m.light}" ${stroke(m, 0.8)}/>${band(d, 82, 64, 20)}
  ${gem(X - 46, 66, 4.5, d.shape, 'g2', m.edge)}${gem(X, 56, 6, d.shape, 'g1', m.edge)}${gem(X + 46, 66, 4.5, d.shape, 'g2', m.edge)}${gem(X, 92, 5, 'round', 'g1', m.edge)}`;
}

const SHAPES_BY_INDEX = [
  classicCrown,
  royalCrown,
  tiara,
  wreath,
  wingedGem,
  starBadge,
  halo,
  spikedCrown,
  lotusDiadem,
  crescentCrown,
];

export function tagSvg(n: number): string {
  const shapeIndex = (n - 1) % 10;
  const variant = Math.floor((n - 1) / 10);
  const metal = METALS[(shapeIndex * 5 + variant * 2) % METALS.length]!;
  const d: Design = { n, metal, shape: SHAPES[(variant + shapeIndex) % SHAPES.length]!, variant };
  const gemA = GEMS[(n * 3 + 1) % GEMS.length]!;
  const gemB = GEMS[(n * 7 + 4) % GEMS.length]!;
  const defs =
    metalDefs('m', metal, 20 + variant * 25) + gemDefs('g1', gemA) + gemDefs('g2', gemB) + glowFilter('blur', 3);
  // A soft shadow under everything, so light metals read on light pages.
  const body = SHAPES_BY_INDEX[shapeIndex]!(d);
  return svgDocument(
    TAG_WIDTH,
    TAG_HEIGHT,
    '0 0 240 120',
    defs,
    `<g opacity="0.35" filter="url(#blur)" transform="translate(0 2)">${body.replace(/url\(#[a-z0-9-]+\)/g, '#000')}</g>${body}`,
  );
}
