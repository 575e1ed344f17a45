// Makes the emoji images of the site under public/emojis from the Twemoji SVGs (npm package
// @twemoji/svg; graphics CC BY 4.0). Run: `npm run emojis` (tsx scripts/make-emojis.ts).
// `npm run emojis -- --check` renders everything in memory and fails if a committed file differs.
//
// The output is deterministic (same input, same sharp: same bytes) and is committed, so the site
// does not need sharp at run time.
//
//   classic/{n}.png, modern/{n}.png  72×72 PNG
//   animated/c{n}.gif                72×72 looping animated GIF, transparent background
//   stickers/s{n}.png                128×128 PNG, the emoji with a white outline and a shadow on a soft circle
//
// Item n of each list below is item n of the same list in src/shared/emoji/emojis.ts.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { EMOJI_ATTRIBUTION, EMOJI_CATEGORIES, type EmojiCategoryId } from '../src/shared/emoji/emojis';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'public', 'emojis');
const SOURCE_PACKAGE = '@twemoji/svg';
const SOURCE_DIR = path.dirname(createRequire(import.meta.url).resolve(`${SOURCE_PACKAGE}/package.json`));

// Twemoji file names (code points in hex, without FE0F).
const CLASSIC = [
  '1f642',
  '1f603',
  '1f609',
  '1f641',
  '1f622',
  '1f61b',
  '1f62e',
  '1f618',
  '1f610',
  '1f60e',
  '1f60a',
  '2764',
];
const MODERN = [
  '1f602',
  '1f60d',
  '1f914',
  '1f339',
  '2615',
  '1f375',
  '1f319',
  '1f31f',
  '1f525',
  '1f44f',
  '1f44d',
  '1f932',
  '1f389',
];

type Effect =
  | 'bounce'
  | 'pulse'
  | 'heartbeat'
  | 'wobble'
  | 'shake'
  | 'spin'
  | 'float'
  | 'tilt'
  | 'sway'
  | 'wave'
  | 'jelly'
  | 'flicker'
  | 'rock';

const ANIMATED: [string, Effect][] = [
  ['1f602', 'shake'],
  ['1f923', 'rock'],
  ['1f60d', 'heartbeat'],
  ['1f618', 'bounce'],
  ['1f60a', 'jelly'],
  ['1f60e', 'wobble'],
  ['1f914', 'tilt'],
  ['1f622', 'float'],
  ['1f62d', 'shake'],
  ['1f621', 'shake'],
  ['1f631', 'pulse'],
  ['1f634', 'float'],
  ['1f973', 'bounce'],
  ['1f929', 'pulse'],
  ['1f607', 'float'],
  ['1f917', 'jelly'],
  ['1f60b', 'bounce'],
  ['1f644', 'tilt'],
  ['1f609', 'wobble'],
  ['1f970', 'heartbeat'],
  ['2764', 'heartbeat'],
  ['1f494', 'shake'],
  ['1f495', 'float'],
  ['1f496', 'pulse'],
  ['1f339', 'sway'],
  ['1f490', 'sway'],
  ['2615', 'float'],
  ['1f375', 'wobble'],
  ['1fad6', 'tilt'],
  ['1f334', 'sway'],
  ['1f319', 'rock'],
  ['2b50', 'spin'],
  ['1f31f', 'pulse'],
  ['2728', 'pulse'],
  ['2600', 'spin'],
  ['1f525', 'flicker'],
  ['1f389', 'shake'],
  ['1f381', 'bounce'],
  ['1f388', 'float'],
  ['1f451', 'wobble'],
  ['1f44d', 'bounce'],
  ['1f44f', 'jelly'],
  ['1f932', 'float'],
  ['1f4aa', 'pulse'],
  ['1f44b', 'wave'],
  ['1f64f', 'pulse'],
  ['1f431', 'bounce'],
  ['1f338', 'spin'],
  ['1f4af', 'heartbeat'],
  ['1f382', 'jelly'],
];

const STICKERS = [
  '1f600', '1f601', '1f602', '1f923', '1f60a', '1f607', '1f970', '1f60d', '1f929', '1f618', '1f60b', '1f61c', '1f917',
  '1f92d', '1f914', '1f910', '1f644', '1f60f', '1f60c', '1f634', '1f637', '1f973', '1f60e', '1f913', '1f615', '1f62e',
  '1f633', '1f97a', '1f622', '1f62d', '1f631', '1f624', '1f621', '1f608', '1f64f', '1f4af', '1f63a', '1f63b', '1f648',
  '1f649', '1f64a', '2764', '1f49a', '1f499', '1f49b', '1f49c', '1f339', '1f33a', '2615', '1f375', '1fad6', '1f319',
  '1f31f', '1f525', '1f389', '1f381', '1f451', '1f44d', '1f44f', '1f932', '1f4aa', '1f44b',
]; // prettier-ignore

// Soft circle colours of the stickers, in turn.
const STICKER_BACKGROUNDS = ['#fde2e4', '#e2ece9', '#dfe7fd', '#fff1c1', '#e8dff5', '#d7f0f7'];

const SMALL = 72;
const STICKER = 128;
const FRAMES = 12;
const FRAME_DELAY_MS = 80;

/** Fixed-precision numbers keep the SVG text, and so the output, identical from run to run. */
const f = (n: number): string => (Math.abs(n) < 5e-4 ? '0' : n.toFixed(3));

const svgCache = new Map<string, string>();

/** The inner markup of a Twemoji SVG (its viewBox is 0 0 36 36). */
async function twemoji(codepoint: string): Promise<string> {
  const cached = svgCache.get(codepoint);
  if (cached !== undefined) return cached;
  const svg = await readFile(path.join(SOURCE_DIR, `${codepoint}.svg`), 'utf8');
  const open = /^<svg\b[^>]*viewBox="0 0 36 36"[^>]*>/.exec(svg);
  if (!open || !svg.trimEnd().endsWith('</svg>')) throw new Error(`unexpected SVG for ${codepoint}`);
  const inner = svg.slice(open[0].length, svg.trimEnd().length - '</svg>'.length);
  svgCache.set(codepoint, inner);
  return inner;
}

const svgDoc = (size: number, body: string): Buffer =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`,
  );

const PNG_OPTIONS = { compressionLevel: 9, palette: true, quality: 95, effort: 10, dither: 0.5 } as const;

async function staticPng(codepoint: string): Promise<Buffer> {
  const inner = await twemoji(codepoint);
  const body = `<g transform="scale(${f(SMALL / 36)})">${inner}</g>`;
  return sharp(svgDoc(SMALL, body)).png(PNG_OPTIONS).toBuffer();
}

interface Pose {
  dx?: number;
  dy?: number;
  rotate?: number;
  sx?: number;
  sy?: number;
  /** Pivot of the rotation and scaling, relative to the centre of the emoji, in px. */
  px?: number;
  py?: number;
}

const EMOJI_IN_GIF = 54; // px; leaves room to move inside the 72 px frame
const HALF = EMOJI_IN_GIF / 2;
const TAU = Math.PI * 2;
const gauss = (x: number, mu: number, sigma: number): number => Math.exp(-(((x - mu) / sigma) ** 2));

/** The pose of the emoji at time t in [0, 1) of the loop. */
function pose(effect: Effect, t: number): Pose {
  const s = Math.sin(TAU * t);
  switch (effect) {
    case 'bounce': {
      const h = Math.abs(Math.sin(Math.PI * t)); // one hop per loop
      const squash = (1 - h) ** 6 * 0.12; // squashed when it lands
      return { dy: 8 - 15 * h, sx: 1 + squash, sy: 1 - squash, py: HALF };
    }
    case 'pulse':
      return { sx: 1 + 0.12 * s, sy: 1 + 0.12 * s };
    case 'heartbeat': {
      const beat = 0.2 * gauss(t, 0.12, 0.07) + 0.14 * gauss(t, 0.38, 0.07);
      return { sx: 0.92 + beat, sy: 0.92 + beat };
    }
    case 'wobble':
      return { rotate: 12 * s, dx: 3 * s };
    case 'shake':
      return { dx: 4 * Math.sin(TAU * 3 * t), rotate: 4 * Math.sin(TAU * 3 * t + 1) };
    case 'spin':
      return { rotate: 360 * t, sx: 0.95, sy: 0.95 };
    case 'float':
      return { dy: 5 * s };
    case 'tilt':
      return { rotate: 14 * s, py: HALF };
    case 'sway':
      return { rotate: 10 * s, py: HALF, dy: 4 };
    case 'wave':
      return { rotate: 20 * Math.sin(TAU * 2 * t), px: HALF * 0.6, py: HALF * 0.8 };
    case 'jelly':
      return { sx: 1 + 0.1 * s, sy: 1 - 0.1 * s, py: HALF, dy: 4 };
    case 'flicker':
      return {
        sx: 1 - 0.05 * Math.sin(TAU * 2 * t),
        sy: 1 + 0.08 * Math.sin(TAU * 2 * t) + 0.03 * Math.sin(TAU * 3 * t),
        py: HALF,
        dy: 3,
      };
    case 'rock':
      return { rotate: 22 * s };
  }
}

async function animatedGif(codepoint: string, effect: Effect): Promise<Buffer> {
  const inner = await twemoji(codepoint);
  const frames: Buffer[] = [];
  for (let i = 0; i < FRAMES; i++) {
    const { dx = 0, dy = 0, rotate = 0, sx = 1, sy = 1, px = 0, py = 0 } = pose(effect, i / FRAMES);
    const transform = [
      `translate(${f(SMALL / 2 + dx + px)} ${f(SMALL / 2 + dy + py)})`,
      `rotate(${f(rotate)})`,
      `scale(${f(sx)} ${f(sy)})`,
      `translate(${f(-HALF - px)} ${f(-HALF - py)})`,
      `scale(${f(EMOJI_IN_GIF / 36)})`,
    ].join(' ');
    frames.push(
      await sharp(svgDoc(SMALL, `<g transform="${transform}">${inner}</g>`))
        .png()
        .toBuffer(),
    );
  }
  return sharp(frames, { join: { animated: true } })
    .gif({
      loop: 0,
      delay: frames.map(() => FRAME_DELAY_MS),
      colours: 128,
      dither: 0,
      effort: 10,
      interFrameMaxError: 2,
    })
    .toBuffer();
}

async function stickerPng(codepoint: string, n: number): Promise<Buffer> {
  const inner = await twemoji(codepoint);
  const background = STICKER_BACKGROUNDS[(n - 1) % STICKER_BACKGROUNDS.length]!;
  const size = 88;
  const at = (STICKER - size) / 2;
  const body = [
    '<defs><filter id="sticker" x="-20%" y="-20%" width="140%" height="140%" color-interpolation-filters="sRGB">',
    '<feMorphology in="SourceAlpha" operator="dilate" radius="4" result="grown"/>',
    '<feFlood flood-color="#ffffff"/><feComposite in2="grown" operator="in" result="outline"/>',
    '<feGaussianBlur in="grown" stdDeviation="2.5" result="blur"/><feOffset in="blur" dx="0" dy="3" result="offset"/>',
    '<feFlood flood-color="#000000" flood-opacity="0.28"/><feComposite in2="offset" operator="in" result="shadow"/>',
    '<feMerge><feMergeNode in="shadow"/><feMergeNode in="outline"/><feMergeNode in="SourceGraphic"/></feMerge>',
    '</filter></defs>',
    `<circle cx="64" cy="64" r="60" fill="${background}"/>`,
    `<g filter="url(#sticker)"><g transform="translate(${f(at)} ${f(at)}) scale(${f(size / 36)})">${inner}</g></g>`,
  ].join('');
  return sharp(svgDoc(STICKER, body)).png(PNG_OPTIONS).toBuffer();
}

function licenceText(version: string): string {
  const a = EMOJI_ATTRIBUTION;
  return [
    'Emoji images of Majlis (مجلس)',
    '',
    `The images in this folder are made by scripts/make-emojis.ts from the SVG files of the npm package`,
    `${SOURCE_PACKAGE}@${version} (${a.sourceName}, ${a.sourceUrl}).`,
    '',
    'Twemoji graphics: Copyright 2019 Twitter, Inc and other contributors',
    '(Twemoji contributors: https://github.com/jdecked/twemoji/graphs/contributors).',
    `Licensed under ${a.licenseName} (Creative Commons Attribution 4.0 International): ${a.licenseUrl}`,
    '(The npm package declares "MIT", the licence of the Twemoji code; the graphics are CC BY 4.0.)',
    '',
    'Changes: rendered to 72×72 PNG images, to looping animated GIF images (moved, turned and scaled frame by',
    'frame), and to 128×128 PNG stickers (white outline and shadow on a coloured circle).',
    '',
    a.text,
    '',
  ].join('\n');
}

type Job = { category: EmojiCategoryId; file: string; render: () => Promise<Buffer> };

function jobs(): Job[] {
  const lengths: Record<EmojiCategoryId, number> = {
    classic: CLASSIC.length,
    modern: MODERN.length,
    animated: ANIMATED.length,
    stickers: STICKERS.length,
  };
  for (const c of EMOJI_CATEGORIES) {
    if (c.emojis.length !== lengths[c.id]) {
      throw new Error(`${c.id}: ${c.emojis.length} emojis in emojis.ts but ${lengths[c.id]} sources here`);
    }
  }
  const fileOf = (url: string): string => url.slice(url.lastIndexOf('/') + 1);
  const list = (id: EmojiCategoryId) => EMOJI_CATEGORIES.find((c) => c.id === id)!.emojis;
  return [
    ...list('classic').map((e, i) => ({
      category: e.category,
      file: fileOf(e.url),
      render: () => staticPng(CLASSIC[i]!),
    })),
    ...list('modern').map((e, i) => ({
      category: e.category,
      file: fileOf(e.url),
      render: () => staticPng(MODERN[i]!),
    })),
    ...list('animated').map((e, i) => ({
      category: e.category,
      file: fileOf(e.url),
      render: () => animatedGif(...ANIMATED[i]!),
    })),
    ...list('stickers').map((e, i) => ({
      category: e.category,
      file: fileOf(e.url),
      render: () => stickerPng(STICKERS[i]!, i + 1),
    })),
  ];
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  sharp.concurrency(1); // one thread: the same bytes on every machine
  sharp.cache(false);
  const { version } = JSON.parse(await readFile(path.join(SOURCE_DIR, 'package.json'), 'utf8')) as { version: string };

  const outputs: [string, Buffer][] = [['LICENSE.txt', Buffer.from(licenceText(version))]];
  for (const job of jobs()) outputs.push([path.join(job.category, job.file), await job.render()]);

  let differ = 0;
  let bytes = 0;
  for (const [rel, data] of outputs) {
    const file = path.join(OUT, rel);
    bytes += data.length;
    if (check) {
      const old = await readFile(file).catch(() => undefined);
      if (!old || !old.equals(data)) {
        differ++;
        console.error(`differs: public/emojis/${rel}`);
      }
    } else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    }
  }
  console.log(`${outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB${check ? `, ${differ} differ` : ''}`);
  if (differ) process.exitCode = 1;
}

await main();
