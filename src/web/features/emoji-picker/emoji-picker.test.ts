import { beforeEach, describe, expect, it, vi } from 'vitest';
import { allPickerItems, normalizeArabic, searchEmoji } from './emoji-search';
import { insertAtCaret } from './insert-at-caret';
import { loadRecent, MAX_RECENT, rememberRecent, withRecent } from './recent-emojis';

const items = allPickerItems();
const found = (query: string) => searchEmoji(items, query).map((item) => item.insert);

describe('emoji search in Arabic', () => {
  it('reads Arabic as people type it: hamza forms, taa marbuta, alef maqsura, vowels and tatweel', () => {
    expect(normalizeArabic('إعجاب')).toBe('اعجاب');
    expect(normalizeArabic('ابتسامة')).toBe(normalizeArabic('ابتسامه'));
    expect(normalizeArabic('مَرْحَبـــا')).toBe('مرحبا');
    expect(normalizeArabic('مستشفى')).toBe('مستشفي');
  });

  it("finds the site's sets by their Arabic names and codes, and Unicode emoji by Arabic words", () => {
    expect(found('وردة')).toEqual(expect.arrayContaining([':rose:', '🌹']));
    expect(found('ملصقات قلب')).toContain(':s42:');
    expect(found(':s1')).toContain(':s1:');
    expect(found('اعجاب')).toEqual(expect.arrayContaining([':like:', '👍']));
    expect(found('هههه')).toContain('😂');
    expect(found('قهوه')).toContain('☕');
  });

  it('puts a match at the start of the name first, needs every word, and finds nothing for nothing', () => {
    const hearts = searchEmoji(items, 'قلب');
    expect(hearts[0]!.name.startsWith('قلب')).toBe(true);
    expect(found('قلب مكسور')).toContain('💔');
    expect(found('قلب مكسور')).not.toContain('❤️');
    expect(found('   ')).toEqual([]);
    expect(found('كلمةلاتوجد')).toEqual([]);
  });
});

describe('recently used emoji', () => {
  beforeEach(() => {
    const storage = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    });
  });

  it('move the last used to the front, never twice, at most MAX_RECENT', () => {
    expect(withRecent([':s1:', '😂'], '😂')).toEqual(['😂', ':s1:']);
    const many = Array.from({ length: MAX_RECENT }, (_, i) => `:s${i + 1}:`);
    const next = withRecent(many, '🌹');
    expect(next).toHaveLength(MAX_RECENT);
    expect(next[0]).toBe('🌹');
    expect(next).not.toContain(`:s${MAX_RECENT}:`);
  });

  it('are kept on the device, and a damaged entry reads as none', () => {
    rememberRecent(':s1:');
    rememberRecent('😂');
    expect(loadRecent()).toEqual(['😂', ':s1:']);
    localStorage.setItem('majlis.recentEmojis', '{"not":"a list"}');
    expect(loadRecent()).toEqual([]);
  });
});

describe('inserting at the caret', () => {
  it('puts a Unicode emoji exactly at the caret or over the selection', () => {
    expect(insertAtCaret('ابc', 2, 2, '😂', false)).toEqual({ text: 'اب😂c', caret: 4 });
    expect(insertAtCaret('hello world', 6, 11, '🌹', false)).toEqual({ text: 'hello 🌹', caret: 8 });
  });

  it('gives a site code spaces where needed, so a smiley counts as a whole word', () => {
    expect(insertAtCaret('مرحبا', 5, 5, ':)', true)).toEqual({ text: 'مرحبا :) ', caret: 9 });
    expect(insertAtCaret('', 0, 0, ':s1:', true)).toEqual({ text: ':s1: ', caret: 5 });
    expect(insertAtCaret('a  b', 2, 2, ':s1:', true)).toEqual({ text: 'a :s1: b', caret: 6 });
  });
});
