/**
 * Counters per key for fixed, clock-aligned windows, kept in this process's memory: what a sliding
 * window (`sliding-window.ts`) reads is the current window's count and the previous one's, so only
 * those two windows are kept. Moving to a new window drops the older one in one step: no timer per
 * key and no sweep, which matters on the message path (a timer per key is a wake-up per key later).
 */
export interface WindowCounters {
  /** Adds one to `key` in window `window`; the counts of that window (this one included) and the one before. */
  take(key: string, window: number): { current: number; previous: number };
  /** Takes back one count of `key` in `window`, if that window is still kept. */
  giveBack(key: string, window: number): void;
  /** How many keys are counted now (both windows): for tests and metrics. */
  readonly size: number;
}

export function createWindowCounters(): WindowCounters {
  let window = Number.NEGATIVE_INFINITY;
  let current = new Map<string, number>();
  let previous = new Map<string, number>();

  /** Makes `w` the current window. A clock set back starts afresh: counts are never for the future. */
  function moveTo(w: number): void {
    previous = w === window + 1 ? current : new Map();
    current = new Map();
    window = w;
  }

  return {
    take(key, w) {
      if (w !== window && w !== window - 1) moveTo(w);
      // A caller that read the clock just before the window moved counts in the previous one.
      const [counts, before] = w === window ? [current, previous] : [previous, undefined];
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { current: count, previous: before?.get(key) ?? 0 };
    },
    giveBack(key, w) {
      const counts = w === window ? current : w === window - 1 ? previous : undefined;
      const count = counts?.get(key);
      if (count === undefined) return;
      if (count <= 1) counts!.delete(key);
      else counts!.set(key, count - 1);
    },
    get size() {
      return current.size + previous.size;
    },
  };
}
