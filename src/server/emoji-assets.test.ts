// The emoji images under public/ (made by scripts/make-emojis.ts): every url of the emoji sets
// exists and has the right format and size. In the server tests because it reads files.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EMOJI_ATTRIBUTION, EMOJI_CATEGORIES, type Emoji } from '../shared/emoji/emojis';

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
const fileOf = (e: Emoji | string): string => path.join(PUBLIC, typeof e === 'string' ? e : e.url);
const emojisOf = (id: string): Emoji[] => EMOJI_CATEGORIES.find((c) => c.id === id)!.emojis;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Counts the image descriptors of a GIF by walking its blocks. */
function gifFrames(gif: Buffer): number {
  const header = gif.subarray(0, 6).toString('latin1');
  if (header !== 'GIF89a' && header !== 'GIF87a') throw new Error('not a GIF');
  let at = 13;
  const flags = gif[10]!;
  if (flags & 0x80) at += 3 * 2 ** ((flags & 7) + 1); // global colour table
  const skipSubBlocks = () => {
    while (gif[at] !== 0) at += gif[at]! + 1;
    at++;
  };
  let frames = 0;
  while (at < gif.length) {
    const block = gif[at]!;
    if (block === 0x3b) return frames; // trailer
    if (block === 0x21) {
      at += 2; // extension introducer and label
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = gif[at + 9]!;
      at += 10;
      if (local & 0x80) at += 3 * 2 ** ((local & 7) + 1);
      at++; // LZW minimum code size
      skipSubBlocks();
    } else {
      throw new Error(`bad GIF block 0x${block.toString(16)} at ${at}`);
    }
  }
  throw new Error('GIF without trailer');
}

describe('emoji images', () => {
  it('has a file for every url and every icon', () => {
    for (const c of EMOJI_CATEGORIES) {
      for (const e of c.emojis) expect(existsSync(fileOf(e)), e.url).toBe(true);
      expect(existsSync(fileOf(c.icon)), c.icon).toBe(true);
    }
  });

  it('has 72×72 PNG images for classic and modern', async () => {
    for (const e of [...emojisOf('classic'), ...emojisOf('modern')]) {
      const data = readFileSync(fileOf(e));
      expect(data.subarray(0, 8).equals(PNG_SIGNATURE), e.url).toBe(true);
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha], e.url).toEqual(['png', 72, 72, true]);
    }
  });

  it('has real looping animated 72×72 GIFs of at most 25 KB', async () => {
    for (const e of emojisOf('animated')) {
      const data = readFileSync(fileOf(e));
      expect(data.subarray(0, 6).toString('latin1'), e.url).toBe('GIF89a');
      expect(data.length, e.url).toBeLessThanOrEqual(25 * 1024);
      expect(gifFrames(data), e.url).toBeGreaterThan(1);
      const meta = await sharp(data, { animated: true }).metadata();
      expect(meta.pages, e.url).toBeGreaterThan(1);
      expect(meta.pages, e.url).toBe(gifFrames(data));
      expect([meta.format, meta.width, meta.pageHeight, meta.loop, meta.hasAlpha], e.url).toEqual([
        'gif',
        72,
        72,
        0,
        true,
      ]);
    }
  });

  it('has 128×128 PNG stickers', async () => {
    for (const e of emojisOf('stickers')) {
      const data = readFileSync(fileOf(e));
      expect(data.subarray(0, 8).equals(PNG_SIGNATURE), e.url).toBe(true);
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height], e.url).toEqual(['png', 128, 128]);
    }
  });

  it('ships the licence notice of the images', () => {
    const licence = readFileSync(fileOf('/emojis/LICENSE.txt'), 'utf8');
    expect(licence).toContain('@twemoji/svg@');
    expect(licence).toContain(EMOJI_ATTRIBUTION.licenseName);
    expect(licence).toContain(EMOJI_ATTRIBUTION.licenseUrl);
    expect(licence).toContain(EMOJI_ATTRIBUTION.text);
  });
});
