import { describe, expect, it } from 'vitest';
import { createWindowCounters } from './window-counters';

describe('counters per window, in memory', () => {
  it('counts each key in its window and reads the previous window alongside', () => {
    const counts = createWindowCounters();
    expect(counts.take('a', 7)).toEqual({ current: 1, previous: 0 });
    expect(counts.take('a', 7)).toEqual({ current: 2, previous: 0 });
    expect(counts.take('b', 7)).toEqual({ current: 1, previous: 0 });
    // The next window starts at zero and still sees what was counted in the one before.
    expect(counts.take('a', 8)).toEqual({ current: 1, previous: 2 });
    expect(counts.take('b', 8)).toEqual({ current: 1, previous: 1 });
  });

  it('forgets everything older than the previous window, without a timer', () => {
    const counts = createWindowCounters();
    for (let i = 0; i < 50; i++) counts.take(`key${i}`, 1);
    counts.take('late', 2);
    expect(counts.size).toBe(51);
    // A window skipped: nothing counted before it is kept.
    expect(counts.take('key1', 4)).toEqual({ current: 1, previous: 0 });
    expect(counts.size).toBe(1);
  });

  it('gives back one count in the window it was taken in, while that window is kept', () => {
    const counts = createWindowCounters();
    counts.take('a', 3);
    counts.take('a', 3);
    counts.giveBack('a', 3);
    expect(counts.take('a', 3).current).toBe(2);
    // Given back after the window moved on: the previous window's count goes down.
    counts.take('a', 4);
    counts.giveBack('a', 3);
    expect(counts.take('a', 4)).toEqual({ current: 2, previous: 1 });
    // A window no longer kept: nothing to give back, nothing else changes.
    counts.giveBack('a', 1);
    expect(counts.take('a', 4)).toEqual({ current: 3, previous: 1 });
  });

  it('starts afresh when the clock is set back', () => {
    const counts = createWindowCounters();
    counts.take('a', 10);
    expect(counts.take('a', 5)).toEqual({ current: 1, previous: 0 });
  });
});
