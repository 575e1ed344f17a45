// The avatar frames and crowns/tags under public/ (made by scripts/make-frames.ts): all 50 of
// each exist as WebP and PNG, transparent, of the right size, each one different, and a frame
// leaves the picture's circle clear. In the server tests because it reads files.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DECORATION_MAX, frameSources, tagSources } from '../shared/profile/decoration-number';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const numbers = Array.from({ length: DECORATION_MAX }, (_, i) => i + 1);

describe('frames and crowns/tags', () => {
  it.each(['frame', 'tag'] as const)('has 50 distinct %s images as WebP and PNG', async (kind) => {
    const hashes = new Set<string>();
    for (const n of numbers) {
      const [webpUrl, pngUrl] = kind === 'frame' ? frameSources(n) : tagSources(n);
      for (const [url, format] of [
        [webpUrl!, 'webp'],
        [pngUrl!, 'png'],
      ] as const) {
        const bytes = readFileSync(path.join(PUBLIC, url));
        const meta = await sharp(bytes).metadata();
        expect(meta.format, url).toBe(format);
        expect(meta.hasAlpha, url).toBe(true);
        expect([meta.width, meta.height], url).toEqual(kind === 'frame' ? [256, 256] : [256, 128]);
        if (format === 'png') hashes.add(createHash('sha1').update(bytes).digest('hex'));
      }
    }
    expect(hashes.size).toBe(50);
  });

  it('leaves the middle of every frame clear for the picture', async () => {
    for (const n of numbers) {
      const { data, info } = await sharp(path.join(PUBLIC, `frames/frame${n}.png`))
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
      // The picture is the circle of radius 256/2/1.4 ≈ 91 px; well inside it nothing is drawn.
      for (const [dx, dy] of [
        [0, 0],
        [60, 0],
        [-60, 0],
        [0, 60],
        [0, -60],
        [42, 42],
        [-42, -42],
      ] as const)
        expect(alphaAt(128 + dx, 128 + dy), `frame${n} at ${dx},${dy}`).toBe(0);
      // …and the band covers the picture's edge all round (it is centred on it).
      for (let deg = 0; deg < 360; deg += 30) {
        const a = (deg * Math.PI) / 180;
        const x = Math.round(128 + Math.cos(a) * 96);
        const y = Math.round(128 + Math.sin(a) * 96);
        expect(alphaAt(x, y), `frame${n} band at ${deg}°`).toBeGreaterThan(200);
      }
    }
  });
});
