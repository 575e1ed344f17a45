// The 50 avatar frames, as SVG. A frame's box is 1.4× the avatar (spec §9), so in this 200×200
// drawing the picture is the circle of radius 100/1.4 ≈ 71.4 at the centre; the band overlaps its
// edge a little and the ornaments live between the band and the box's edge.
//
// Frame n = ornament (n-1) % 10 drawn on band style ⌊(n-1)/10⌋, in its own metal and stones.
import {
  C,
  GEMS,
  METALS,
  feather,
  gem,
  gemDefs,
  glowFilter,
  leaf,
  metalDefs,
  polar,
  pt,
  star,
  svgDocument,
  type GemShape,
  type Metal,
} from './svg-kit';

export const FRAME_PIXELS = 256;

const BAND_IN = 68;
const BAND_OUT = 82;
const BAND_MID = (BAND_IN + BAND_OUT) / 2;
const SHAPES: GemShape[] = ['round', 'diamond', 'square', 'drop', 'oval'];

interface Design {
  n: number;
  metal: Metal;
  gemId: string;
  gemAltId: string;
  shape: GemShape;
  band: number;
  ornament: number;
}

function ring(r: number, width: number, stroke: string, extra = ''): string {
  return `<circle cx="${C}" cy="${C}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
}

/** The band itself, in one of five styles. */
function band(d: Design): string {
  const { metal } = d;
  const outline = [ring(BAND_IN, 1.6, metal.edge), ring(BAND_OUT, 1.6, metal.edge)].join('');
  const shine = ring(BAND_OUT - 2.2, 1, metal.light, 'stroke-opacity="0.75"');
  switch (d.band) {
    case 1: {
      // Double band with a channel of small stones.
      const dots = Array.from({ length: 28 }, (_, i) => {
        const [x, y] = polar(BAND_MID, i * (360 / 28));
        return `<circle cx="${x}" cy="${y}" r="2" fill="${i % 2 ? metal.light : `url(#g2)`}" stroke="${metal.edge}" stroke-width="0.6"/>`;
      }).join('');
      return [
        ring(BAND_MID, BAND_OUT - BAND_IN, metal.dark),
        ring(BAND_IN + 2.2, 4.4, 'url(#m)'),
        ring(BAND_OUT - 2.2, 4.4, 'url(#m)'),
        outline,
        dots,
      ].join('');
    }
    case 2: {
      // Beaded: a band with a row of pearls outside it.
      const beads = Array.from({ length: 36 }, (_, i) => {
        const [x, y] = polar(BAND_OUT + 3.2, i * 10);
        return `<circle cx="${x}" cy="${y}" r="3.3" fill="url(#m-r)" stroke="${metal.edge}" stroke-width="0.8"/>`;
      }).join('');
      return [
        beads,
        ring(BAND_MID - 1, BAND_OUT - BAND_IN - 2, 'url(#m)'),
        ring(BAND_IN, 1.6, metal.edge),
        ring(BAND_OUT - 2, 1.4, metal.edge),
      ].join('');
    }
    case 3: {
      // Twisted rope.
      const twists = Array.from({ length: 40 }, (_, i) => {
        const a = i * 9;
        return `<path d="M${pt(polar(BAND_IN + 1, a))} Q${pt(polar(BAND_MID, a + 6))} ${pt(polar(BAND_OUT - 1, a + 4))}" stroke="${metal.edge}" stroke-opacity="0.7" stroke-width="1.6" fill="none"/>`;
      }).join('');
      return [ring(BAND_MID, BAND_OUT - BAND_IN, 'url(#m)'), twists, outline, shine].join('');
    }
    case 4: {
      // Scalloped edge.
      const scallops = Array.from({ length: 24 }, (_, i) => {
        const [x, y] = polar(BAND_OUT - 1, i * 15 + 7.5);
        return `<circle cx="${x}" cy="${y}" r="6" fill="url(#m-r)" stroke="${metal.edge}" stroke-width="1.2"/>`;
      }).join('');
      return [
        scallops,
        ring(BAND_MID - 1, BAND_OUT - BAND_IN - 2, 'url(#m)'),
        ring(BAND_IN, 1.6, metal.edge),
        ring(BAND_OUT - 2, 1.2, metal.edge),
        shine,
      ].join('');
    }
    default:
      // Bevelled solid band.
      return [
        ring(BAND_MID, BAND_OUT - BAND_IN, 'url(#m)'),
        ring(BAND_MID, 2.5, metal.dark, 'stroke-opacity="0.45"'),
        outline,
        shine,
      ].join('');
  }
}

function gemsAround(d: Design, count: number, r: number, size: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => {
    const a = offset + i * (360 / count);
    const [x, y] = polar(r, a);
    return gem(x, y, size, d.shape, i % 2 ? d.gemAltId : d.gemId, d.metal.edge, a);
  }).join('');
}

function laurel(d: Design, from: number, to: number, r: number): string {
  const leaves: string[] = [];
  const stem: string[] = [];
  const steps = 11;
  // Growing clockwise (left branch, from the bottom up) or anticlockwise (right branch).
  const heading = to > from ? 90 : -90;
  for (let i = 0; i <= steps; i++) {
    const a = from + ((to - from) * i) / steps;
    stem.push(pt(polar(r, a)));
    const size = 17 - i * 0.6;
    const [x, y] = polar(r, a);
    const along = a + heading;
    leaves.push(leaf(x, y, along + (heading > 0 ? -38 : 38), size, size * 0.36));
    leaves.push(leaf(x, y, along + (heading > 0 ? 30 : -30), size * 0.85, size * 0.32));
  }
  return `<path d="M${stem.join(' L')}" fill="none" stroke="${d.metal.edge}" stroke-width="2.4" stroke-linecap="round"/><g fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="0.9">${leaves.join('')}</g>`;
}

function crownTop(d: Design, scale = 1): string {
  const s = scale;
  const baseY = C - BAND_OUT + 7;
  const path = `M${C - 24 * s},${baseY} L${C - 27 * s},${baseY - 15 * s} L${C - 13 * s},${baseY - 7 * s} L${C},${baseY - 19 * s} L${C + 13 * s},${baseY - 7 * s} L${C + 27 * s},${baseY - 15 * s} L${C + 24 * s},${baseY} Z`;
  const balls = [
    [C - 27 * s, baseY - 15.5 * s],
    [C, baseY - 19.5 * s],
    [C + 27 * s, baseY - 15.5 * s],
  ]
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${3 * s}" fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="1"/>`,
    )
    .join('');
  return `<path d="${path}" fill="url(#m)" stroke="${d.metal.edge}" stroke-width="1.6" stroke-linejoin="round"/>${balls}${gem(C, baseY - 6 * s, 4 * s, d.shape, d.gemId, d.metal.edge)}`;
}

/** Wings rising from the sides of the band into the top corners of the box. */
function wings(d: Design): string {
  const out: string[] = [];
  for (const side of [-1, 1] as const) {
    for (let i = 0; i < 7; i++) {
      const [x, y] = polar(BAND_MID, side * (40 + i * 10));
      out.push(feather(x, y, side * (14 + i * 11), 56 - i * 5, 8.5));
    }
  }
  return `<g fill="url(#m)" stroke="${d.metal.edge}" stroke-width="1.1">${out.join('')}</g>`;
}

function flames(d: Design): string {
  const tongues = Array.from({ length: 16 }, (_, i) => {
    const a = i * 22.5;
    const tall = i % 2 ? 13 : 18;
    const [bx1, by1] = polar(BAND_OUT - 2, a - 8);
    const [bx2, by2] = polar(BAND_OUT - 2, a + 8);
    const [tx, ty] = polar(BAND_OUT + tall, a + 5);
    const [c1x, c1y] = polar(BAND_OUT + tall * 0.5, a - 6);
    const [c2x, c2y] = polar(BAND_OUT + tall * 0.45, a + 12);
    return `<path d="M${bx1},${by1} Q${c1x},${c1y} ${tx},${ty} Q${c2x},${c2y} ${bx2},${by2} Z"/>`;
  }).join('');
  return `<g fill="url(#g1)" opacity="0.55" filter="url(#blur)">${tongues}</g><g fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="1">${tongues}</g>`;
}

function flowers(d: Design): string {
  return Array.from({ length: 6 }, (_, i) => {
    const a = i * 60 + 30;
    const [x, y] = polar(BAND_OUT + 6, a);
    const petals = Array.from({ length: 5 }, (_, k) => leaf(x, y, a + k * 72, 11, 6)).join('');
    const leaves = [
      leaf(...polar(BAND_OUT + 2, a - 14), a - 100, 10, 4),
      leaf(...polar(BAND_OUT + 2, a + 14), a + 100, 10, 4),
    ].join('');
    return `<g fill="url(#m)" stroke="${d.metal.edge}" stroke-width="0.8">${leaves}</g><g fill="url(#g2)" stroke="${d.metal.edge}" stroke-width="0.9">${petals}</g><circle cx="${x}" cy="${y}" r="3.4" fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="0.8"/>`;
  }).join('');
}

function sunburst(d: Design): string {
  const rays = Array.from({ length: 32 }, (_, i) => {
    const a = i * 11.25;
    const long = i % 2 === 0;
    const tip = polar(BAND_OUT + (long ? 16 : 9), a);
    return `<polygon points="${pt(polar(BAND_OUT - 2, a - 4.5))} ${pt(tip)} ${pt(polar(BAND_OUT - 2, a + 4.5))}"/>`;
  }).join('');
  return `<g fill="url(#m)" stroke="${d.metal.edge}" stroke-width="1" stroke-linejoin="round">${rays}</g>`;
}

function hearts(d: Design): string {
  const dots = Array.from({ length: 8 }, (_, i) => {
    const [x, y] = polar(BAND_OUT + 5, i * 45 + 22.5);
    return `<circle cx="${x}" cy="${y}" r="2.6" fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="0.7"/>`;
  }).join('');
  const big = Array.from({ length: 8 }, (_, i) => {
    const a = i * 45;
    const [x, y] = polar(BAND_OUT + 7, a);
    return gem(x, y, 6.5, 'heart', i % 2 ? d.gemAltId : d.gemId, d.metal.edge, a);
  }).join('');
  return dots + big;
}

function stars(d: Design): string {
  return Array.from({ length: 8 }, (_, i) => {
    const a = i * 45;
    const big = i % 2 === 0;
    const [x, y] = polar(BAND_OUT + (big ? 8 : 5), a);
    return `<polygon points="${star(x, y, big ? 12 : 7.5, big ? 5 : 3.2, 5, a)}" fill="url(#m-r)" stroke="${d.metal.edge}" stroke-width="1.1" stroke-linejoin="round"/>`;
  }).join('');
}

function ribbon(d: Design): string {
  const y = C + BAND_OUT - 6;
  return `<path d="M${C - 44},${y - 2} L${C - 58},${y + 6} L${C - 50},${y + 10} L${C - 56},${y + 17} L${C - 36},${y + 12} Z M${C + 44},${y - 2} L${C + 58},${y + 6} L${C + 50},${y + 10} L${C + 56},${y + 17} L${C + 36},${y + 12} Z" fill="url(#g1)" stroke="${d.metal.edge}" stroke-width="1.2" stroke-linejoin="round"/>
  <path d="M${C - 40},${y - 4} Q${C},${y + 14} ${C + 40},${y - 4} L${C + 38},${y + 8} Q${C},${y + 24} ${C - 38},${y + 8} Z" fill="url(#m)" stroke="${d.metal.edge}" stroke-width="1.4" stroke-linejoin="round"/>`;
}

/** An ornament's parts behind the band (wings, flames, petals) and in front of it (stones, crowns). */
function ornament(d: Design): { back: string; front: string } {
  switch (d.ornament) {
    case 0:
      return { back: '', front: gemsAround(d, 8, BAND_MID, 5.2) };
    case 1:
      return {
        back: laurel(d, 194, 340, BAND_OUT + 3) + laurel(d, 166, 20, BAND_OUT + 3),
        front: gem(C, C + BAND_OUT + 1, 6, d.shape, d.gemId, d.metal.edge),
      };
    case 2:
      return { back: wings(d), front: crownTop(d, 0.8) + gemsAround(d, 4, BAND_MID, 4.2, 45) };
    case 3:
      return { back: '', front: crownTop(d) + gemsAround(d, 3, BAND_MID, 5.4, 90) };
    case 4:
      return { back: '', front: stars(d) };
    case 5:
      return { back: flames(d), front: gemsAround(d, 4, BAND_MID, 4.4, 0) };
    case 6:
      return { back: flowers(d), front: '' };
    case 7:
      return { back: sunburst(d), front: gemsAround(d, 6, BAND_MID, 4.2, 30) };
    case 8:
      return { back: '', front: hearts(d) };
    default:
      return {
        back: wings(d),
        front:
          ribbon(d) +
          crownTop(d, 1.05) +
          gemsAround(d, 2, BAND_MID, 5.2, 90) +
          gem(C, C + BAND_OUT + 6, 5.5, 'drop', d.gemAltId, d.metal.edge, 180),
      };
  }
}

/** Under the ornaments (drawn before them): a soft coloured halo behind the band. */
function halo(d: Design): string {
  return `<circle cx="${C}" cy="${C}" r="${BAND_MID + 4}" fill="none" stroke="${d.metal.base}" stroke-opacity="0.55" stroke-width="14" filter="url(#blur)"/>`;
}

export function frameDesign(n: number): Design {
  const ornamentIndex = (n - 1) % 10;
  const bandIndex = Math.floor((n - 1) / 10);
  const metal = n === 10 ? METALS[0]! : METALS[(ornamentIndex * 4 + bandIndex * 3 + 1) % METALS.length]!;
  return {
    n,
    metal,
    gemId: 'g1',
    gemAltId: 'g2',
    shape: SHAPES[(bandIndex + ornamentIndex) % SHAPES.length]!,
    band: bandIndex,
    ornament: ornamentIndex,
  };
}

export function frameSvg(n: number): string {
  const d = frameDesign(n);
  const gemA = GEMS[(n * 3) % GEMS.length]!;
  const gemB = GEMS[(n * 5 + 2) % GEMS.length]!;
  const defs =
    metalDefs('m', d.metal, 30 + (n % 4) * 20) + gemDefs('g1', gemA) + gemDefs('g2', gemB) + glowFilter('blur', 2.6);
  const parts = ornament(d);
  const body = halo(d) + parts.back + band(d) + parts.front;
  return svgDocument(FRAME_PIXELS, FRAME_PIXELS, '0 0 200 200', defs, body);
}
