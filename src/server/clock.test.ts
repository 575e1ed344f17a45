import { describe, expect, it } from 'vitest';
import { createTestClock } from './clock';

describe('the test clock', () => {
  it('moves time forward and runs what falls due, in order, without waiting', async () => {
    const clock = createTestClock();
    const start = clock.now();
    const ran: string[] = [];
    clock.after(5000, () => ran.push('five'));
    clock.after(1000, () => ran.push('one'));
    const cancelled = clock.after(2000, () => ran.push('never'));
    cancelled.cancel();
    const ticks = clock.every(1500, () => ran.push(`tick@${clock.now() - start}`));

    const before = Date.now();
    await clock.advance(4000);
    expect(Date.now() - before).toBeLessThan(500);
    expect(ran).toEqual(['one', expect.stringMatching(/^tick@/), expect.stringMatching(/^tick@/)]);
    expect(clock.now() - start).toBeGreaterThanOrEqual(4000);

    ticks.cancel();
    await clock.advance(2000);
    expect(ran.slice(3)).toEqual(['five']);
  });
});
