import { describe, expect, it } from 'vitest';
import { PEOPLE_TEXTS as T } from './texts';

describe('names inside the people toasts and prompts', () => {
  it('are direction-isolated, so a Latin or numbered name cannot reorder the Arabic', () => {
    const name = 'Ali 99';
    for (const text of [
      T.nowFriends(name),
      T.ignored(name),
      T.unignored(name),
      T.confirmUnfriend(name),
      T.lastReaction(name, T.reactions.heart),
    ])
      expect(text).toContain('\u2068Ali 99\u2069');
  });

  it('agree with the reader, and with both for «friends»', () => {
    expect(T.nowFriends('سامي', 'ذكر', 'ذكر')).toBe('أصبحت أنت و\u2068سامي\u2069 صديقين');
    expect(T.nowFriends('سامي', 'أنثى', 'ذكر')).toBe('أصبحتِ أنتِ و\u2068سامي\u2069 صديقين');
    expect(T.nowFriends('سلمى', 'أنثى', 'أنثى')).toBe('أصبحتِ أنتِ و\u2068سلمى\u2069 صديقتين');
    expect(T.ignored('سامي', 'أنثى')).toBe('لن تري رسائل \u2068سامي\u2069 بعد الآن');
    expect(T.ignored('سامي', null)).toBe('لن ترى رسائل \u2068سامي\u2069 بعد الآن');
  });
});
