// Makes the 50 avatar frames and 50 crowns/tags of the site (spec §4, §9) from SVG designed in
// scripts/decorations/, rendered by sharp. Run: `npm run frames` (tsx scripts/make-frames.ts).
//
//   public/frames/frame{n}.webp + .png   256×256, transparent, the picture's circle left clear
//   public/tags/tag{n}.webp + .png       256×128, transparent
//
// `npm run frames -- --check` renders in memory and fails if a committed file differs (the output
// is deterministic for one sharp version). `--sheet DIR` also writes contact sheets to DIR, to look
// at the whole set at 36 px and at 150 px on light and dark backgrounds.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { frameSvg } from './decorations/frames';
import { tagSvg } from './decorations/tags';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = 50;

interface Output {
  file: string;
  bytes: Buffer;
}

async function render(svg: string, base: string): Promise<Output[]> {
  const image = sharp(Buffer.from(svg));
  const [webp, png] = await Promise.all([
    image.clone().webp({ quality: 78, alphaQuality: 80, effort: 6, smartSubsample: true }).toBuffer(),
    image.clone().png({ palette: true, quality: 92, effort: 8, compressionLevel: 9 }).toBuffer(),
  ]);
  return [
    { file: `${base}.webp`, bytes: webp },
    { file: `${base}.png`, bytes: png },
  ];
}

async function renderAll(): Promise<Output[]> {
  const jobs: Promise<Output[]>[] = [];
  for (let n = 1; n <= COUNT; n++) {
    jobs.push(render(frameSvg(n), path.join('public', 'frames', `frame${n}`)));
    jobs.push(render(tagSvg(n), path.join('public', 'tags', `tag${n}`)));
  }
  return (await Promise.all(jobs)).flat();
}

/** A test face: a soft two-tone portrait so the frame is judged over a picture, not a hole. */
function faceSvg(size: number, hue: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><defs><clipPath id="c"><circle cx="50" cy="50" r="50"/></clipPath></defs><g clip-path="url(#c)"><rect width="100" height="100" fill="hsl(${hue} 45% 72%)"/><circle cx="50" cy="40" r="19" fill="hsl(${hue} 35% 45%)"/><path d="M12 100c3-22 18-34 38-34s35 12 38 34z" fill="hsl(${hue} 35% 45%)"/></g></svg>`;
}

async function sheet(kind: 'frames' | 'tags', avatar: number, background: string, outFile: string): Promise<void> {
  const cell = Math.round(avatar * 1.9);
  const cols = 10;
  const rows = Math.ceil(COUNT / cols);
  const layers: OverlayOptions[] = [];
  for (let n = 1; n <= COUNT; n++) {
    const col = (n - 1) % cols;
    const row = Math.floor((n - 1) / cols);
    const cx = col * cell + cell / 2;
    const cy = row * cell + cell / 2 + (kind === 'tags' ? avatar * 0.2 : 0);
    const face = await sharp(Buffer.from(faceSvg(avatar, (n * 37) % 360)))
      .png()
      .toBuffer();
    layers.push({ input: face, left: Math.round(cx - avatar / 2), top: Math.round(cy - avatar / 2) });
    if (kind === 'frames') {
      const size = Math.round(avatar * 1.4);
      const frame = await sharp(Buffer.from(frameSvg(n)))
        .resize(size, size)
        .png()
        .toBuffer();
      layers.push({ input: frame, left: Math.round(cx - size / 2), top: Math.round(cy - size / 2) });
    } else {
      const width = Math.round(avatar * 1.2);
      const height = Math.round(width / 2);
      const tag = await sharp(Buffer.from(tagSvg(n)))
        .resize(width, height)
        .png()
        .toBuffer();
      layers.push({ input: tag, left: Math.round(cx - width / 2), top: Math.round(cy - avatar * 0.88) });
    }
  }
  await sharp({ create: { width: cols * cell, height: rows * cell, channels: 4, background } })
    .composite(layers)
    .png()
    .toFile(outFile);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const sheetIndex = args.indexOf('--sheet');
  const outputs = await renderAll();
  if (check) {
    const stale: string[] = [];
    for (const { file, bytes } of outputs) {
      const current = await readFile(path.join(ROOT, file)).catch(() => null);
      if (!current || !current.equals(bytes)) stale.push(file);
    }
    if (stale.length) {
      console.error(`Out of date (run npm run frames): ${stale.join(', ')}`);
      process.exit(1);
    }
    console.log(`${outputs.length} files up to date.`);
  } else {
    await mkdir(path.join(ROOT, 'public', 'frames'), { recursive: true });
    await mkdir(path.join(ROOT, 'public', 'tags'), { recursive: true });
    for (const { file, bytes } of outputs) await writeFile(path.join(ROOT, file), bytes);
    const total = outputs.reduce((sum, o) => sum + o.bytes.length, 0);
    console.log(`Wrote ${outputs.length} files, ${Math.round(total / 1024)} KB.`);
  }
  if (sheetIndex >= 0) {
    const dir = path.resolve(args[sheetIndex + 1] ?? 'sheets');
    await mkdir(dir, { recursive: true });
    for (const kind of ['frames', 'tags'] as const) {
      await sheet(kind, 150, '#f4f6f9', path.join(dir, `${kind}-150-light.png`));
      await sheet(kind, 36, '#f4f6f9', path.join(dir, `${kind}-36-light.png`));
      await sheet(kind, 36, '#111827', path.join(dir, `${kind}-36-dark.png`));
    }
    console.log(`Contact sheets in ${dir}`);
  }
}

await main();
