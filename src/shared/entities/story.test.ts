import { describe, expect, it } from 'vitest';
import { emojiByCode } from '../emoji/emojis';
import { contrast } from '../themes/color';
import { isAlive, STORY_BACKGROUNDS, STORY_REACTIONS } from './story';

describe('stories', () => {
  it('draws white text at 4.5:1 or more on every stop of every background', () => {
    for (const [id, css] of Object.entries(STORY_BACKGROUNDS)) {
      const stops = css.match(/#[0-9a-f]{6}/gi) ?? [];
      expect(stops.length, id).toBe(2);
      for (const stop of stops) expect(contrast('#ffffff', stop), `${id} ${stop}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("sends reactions as codes of the site's own emojis", () => {
    for (const code of Object.values(STORY_REACTIONS)) expect(emojiByCode(code), code).toBeDefined();
  });

  it('is alive until its expiry, not at it', () => {
    const story = { expiresAt: new Date(1000).toISOString() };
    expect(isAlive(story, 999)).toBe(true);
    expect(isAlive(story, 1000)).toBe(false);
  });
});
