import { describe, expect, it } from 'vitest';
import { CHIME_GAP_MS, shouldChime } from './message-sound';

describe('the new-message chime', () => {
  const away = { on: true, inSight: false, lastChimeAt: -Infinity, now: 10_000 };

  it('sounds for a reader who is away and wants sounds', () => {
    expect(shouldChime(away)).toBe(true);
  });

  it('stays quiet while the chat is in sight, or with sounds off', () => {
    expect(shouldChime({ ...away, inSight: true })).toBe(false);
    expect(shouldChime({ ...away, on: false })).toBe(false);
  });

  it('sounds at most once every few seconds in a busy room', () => {
    expect(shouldChime({ ...away, lastChimeAt: away.now - CHIME_GAP_MS + 1 })).toBe(false);
    expect(shouldChime({ ...away, lastChimeAt: away.now - CHIME_GAP_MS })).toBe(true);
  });
});
