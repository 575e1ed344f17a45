import { describe, expect, it } from 'vitest';
import { ALL_EMOJIS, EMOJI_ATTRIBUTION, EMOJI_CATEGORIES, EMOJI_CATEGORY_IDS, emojiByCode } from './emojis';

const byId = (id: string) => EMOJI_CATEGORIES.find((c) => c.id === id)!;
const ARABIC = /^[\u0600-\u06FF]+(?: [\u0600-\u06FF]+)*$/;

describe('emoji sets', () => {
  it('has the four categories in order, classic first', () => {
    expect(EMOJI_CATEGORIES.map((c) => c.id)).toEqual(['classic', 'modern', 'animated', 'stickers']);
    expect([...EMOJI_CATEGORY_IDS]).toEqual(['classic', 'modern', 'animated', 'stickers']);
  });

  it('has 12 classic, 13 modern, 50 animated and 62 stickers', () => {
    expect(EMOJI_CATEGORIES.map((c) => c.emojis.length)).toEqual([12, 13, 50, 62]);
    expect(ALL_EMOJIS).toHaveLength(137);
  });

  it('gives every category an Arabic name and an icon from its own images', () => {
    for (const c of EMOJI_CATEGORIES) {
      expect(c.name).toMatch(ARABIC);
      expect(c.emojis.map((e) => e.url)).toContain(c.icon);
    }
  });

  it('has unique ids, codes and urls', () => {
    const all = EMOJI_CATEGORIES.flatMap((c) => c.emojis);
    for (const key of ['id', 'code', 'url'] as const) {
      expect(new Set(all.map((e) => e[key])).size).toBe(all.length);
    }
  });

  it('gives every emoji an Arabic name and its own category', () => {
    for (const c of EMOJI_CATEGORIES) {
      for (const e of c.emojis) {
        expect(e.name, e.code).toMatch(ARABIC);
        expect(e.category).toBe(c.id);
      }
    }
  });

  it('uses text smileys for classic and colon codes elsewhere', () => {
    for (const e of byId('classic').emojis) {
      expect(e.code).not.toMatch(/\s/);
      expect(e.code).not.toMatch(/^:[a-z0-9_]+:$/);
      expect(e.code).toMatch(/^[\x21-\x7e]{2,4}$/);
    }
    for (const e of byId('modern').emojis) expect(e.code).toMatch(/^:[a-z][a-z0-9_]*:$/);
    byId('animated').emojis.forEach((e, i) => expect(e.code).toBe(`:c${i + 1}:`));
    byId('stickers').emojis.forEach((e, i) => expect(e.code).toBe(`:s${i + 1}:`));
    expect(byId('classic').emojis.map((e) => e.code)).toEqual(expect.arrayContaining([':)', ':(', ';)', ':D', '<3']));
  });

  it('keeps modern codes apart from animated and sticker codes', () => {
    for (const e of byId('modern').emojis) expect(e.code).not.toMatch(/^:[cs]\d+:$/);
  });

  it('uses site paths of the right format', () => {
    byId('classic').emojis.forEach((e, i) => expect(e.url).toBe(`/emojis/classic/${i + 1}.png`));
    byId('modern').emojis.forEach((e, i) => expect(e.url).toBe(`/emojis/modern/${i + 1}.png`));
    byId('animated').emojis.forEach((e, i) => expect(e.url).toBe(`/emojis/animated/c${i + 1}.gif`));
    byId('stickers').emojis.forEach((e, i) => expect(e.url).toBe(`/emojis/stickers/s${i + 1}.png`));
  });

  it('finds emojis by code', () => {
    expect(emojiByCode(':)')?.category).toBe('classic');
    expect(emojiByCode(':laugh:')?.name).toBe('ضحك حتى البكاء');
    expect(emojiByCode(':c50:')?.url).toBe('/emojis/animated/c50.gif');
    expect(emojiByCode(':s62:')?.url).toBe('/emojis/stickers/s62.png');
    expect(emojiByCode(':c51:')).toBeUndefined();
    expect(emojiByCode(':s0:')).toBeUndefined();
    expect(emojiByCode('')).toBeUndefined();
    for (const e of ALL_EMOJIS) expect(emojiByCode(e.code)).toBe(e);
  });

  it('carries the attribution the licence asks for', () => {
    expect(EMOJI_ATTRIBUTION.licenseName).toBe('CC BY 4.0');
    expect(EMOJI_ATTRIBUTION.licenseUrl).toMatch(/^https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/$/);
    expect(EMOJI_ATTRIBUTION.sourceName).toBe('Twemoji');
    expect(EMOJI_ATTRIBUTION.sourceUrl).toMatch(/^https:\/\//);
    expect(EMOJI_ATTRIBUTION.text).toMatch(/[\u0600-\u06FF]/);
    expect(EMOJI_ATTRIBUTION.text).toContain('Twemoji');
    expect(EMOJI_ATTRIBUTION.text).toContain('CC BY 4.0');
  });
});
