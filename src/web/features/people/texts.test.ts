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
});
