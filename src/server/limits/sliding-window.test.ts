import { describe, expect, it } from 'vitest';
import { slidingWindow } from './sliding-window';

const W = 10_000;

describe('the sliding-window estimate', () => {
  it('allows up to the limit within a window when the previous one was quiet', () => {
    for (let current = 1; current <= 5; current++)
      expect(slidingWindow({ previous: 0, current, limit: 5, windowMs: W, now: 3 * W + 100 }).allowed).toBe(true);
    expect(slidingWindow({ previous: 0, current: 6, limit: 5, windowMs: W, now: 3 * W + 100 }).allowed).toBe(false);
  });

  it('weighs the previous window by how much of it is still within the last window', () => {
    // 5 sent in the previous window; 30 % into this one, 70 % of them still count: 3.5 + 2 > 5.
    expect(slidingWindow({ previous: 5, current: 2, limit: 5, windowMs: W, now: 3 * W + 3000 }).allowed).toBe(false);
    expect(slidingWindow({ previous: 5, current: 1, limit: 5, windowMs: W, now: 3 * W + 3000 }).allowed).toBe(true);
    // 80 % in, only 1 still counts.
    expect(slidingWindow({ previous: 5, current: 4, limit: 5, windowMs: W, now: 3 * W + 8000 }).allowed).toBe(true);
  });

  it('has no burst at a window edge: the limit holds across it', () => {
    // 5 sent just before the edge, then just after it nothing more is allowed.
    expect(slidingWindow({ previous: 5, current: 1, limit: 5, windowMs: W, now: 4 * W + 10 }).allowed).toBe(false);
  });

  it('says how long until the next message would be allowed, and it is then', () => {
    const cases = [
      { previous: 0, current: 6, now: 3 * W + 2000 },
      { previous: 5, current: 2, now: 3 * W + 3000 },
      { previous: 9, current: 1, now: 3 * W + 500 },
      { previous: 0, current: 2, now: 3 * W + 9999 },
    ];
    for (const c of cases) {
      const limit = c.previous === 0 && c.current === 2 ? 1 : 5;
      const refused = slidingWindow({ ...c, limit, windowMs: W });
      expect(refused.allowed).toBe(false);
      // What the counters hold at `time` if nothing more is sent.
      const sent = c.current - 1;
      const countsAt = (time: number) =>
        [
          { previous: c.previous, current: sent + 1 },
          { previous: sent, current: 1 },
          { previous: 0, current: 1 },
        ][Math.floor(time / W) - Math.floor(c.now / W)]!;
      const later = c.now + refused.retryAfterMs;
      expect(slidingWindow({ ...countsAt(later), limit, windowMs: W, now: later }).allowed).toBe(true);
      expect(slidingWindow({ ...countsAt(later - 50), limit, windowMs: W, now: later - 50 }).allowed).toBe(false);
    }
  });

  it('with a limit of one, waits for the window after next', () => {
    const refused = slidingWindow({ previous: 0, current: 2, limit: 1, windowMs: W, now: 3 * W + 4000 });
    expect(refused.retryAfterMs).toBe(2 * W - 4000);
  });
});
