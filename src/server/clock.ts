/**
 * Time for every rule that depends on it (throttles, flood control, grace periods, batching,
 * periodic writes). Production uses the system clock; tests use `createTestClock` and move time
 * forward instead of sleeping.
 */
export interface Timer {
  cancel(): void;
}

export interface Clock {
  now(): number;
  /** Runs `fn` once after `ms`. The timer never keeps the process alive. */
  after(ms: number, fn: () => void): Timer;
  /** Runs `fn` every `ms`. The timer never keeps the process alive. */
  every(ms: number, fn: () => void): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, fn) {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return { cancel: () => clearTimeout(handle) };
  },
  every(ms, fn) {
    const handle = setInterval(fn, ms);
    handle.unref();
    return { cancel: () => clearInterval(handle) };
  },
};

export interface TestClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Stops time (only `advance` moves it) until `resume`: for rules measured over a burst. */
  freeze(): void;
  resume(): void;
}

/** Past this many runs in one `advance`, a periodic timer skips to after the jump. */
const MAX_RUNS_PER_ADVANCE = 10;

interface Scheduled {
  due: number;
  fn: () => void;
  interval?: number;
  handle?: NodeJS.Timeout;
}

/**
 * Real time plus an offset the test moves forward. Timers also fire on their own when real time
 * reaches them, so code under test behaves normally between `advance` calls.
 */
export function createTestClock(): TestClock {
  let offset = 0;
  let frozenAt: number | null = null;
  const timers = new Set<Scheduled>();
  const now = () => frozenAt ?? Date.now() + offset;

  function arm(timer: Scheduled): void {
    timer.handle = setTimeout(() => fire(timer), Math.max(0, timer.due - now()));
    timer.handle.unref();
  }

  function fire(timer: Scheduled): void {
    if (!timers.has(timer)) return;
    clearTimeout(timer.handle);
    if (timer.interval === undefined) timers.delete(timer);
    else {
      timer.due += timer.interval;
      arm(timer);
    }
    timer.fn();
  }

  function schedule(ms: number, fn: () => void, interval?: number): Timer {
    const timer: Scheduled = { due: now() + ms, fn, interval };
    timers.add(timer);
    arm(timer);
    return {
      cancel() {
        clearTimeout(timer.handle);
        timers.delete(timer);
      },
    };
  }

  return {
    now,
    after: (ms, fn) => schedule(ms, fn),
    every: (ms, fn) => schedule(ms, fn, ms),
    freeze() {
      frozenAt = now();
    },
    resume() {
      if (frozenAt !== null) offset = frozenAt - Date.now();
      frozenAt = null;
    },
    async advance(ms) {
      const target = now() + ms;
      offset += ms;
      if (frozenAt !== null) frozenAt = target;
      const fired = new Map<Scheduled, number>();
      for (;;) {
        const next = [...timers].filter((t) => t.due <= target).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        // A long jump (a year of a block) runs a periodic job a few times, not millions.
        const count = (fired.get(next) ?? 0) + 1;
        fired.set(next, count);
        if (next.interval !== undefined && count > MAX_RUNS_PER_ADVANCE) {
          next.due = target + next.interval;
          clearTimeout(next.handle);
          arm(next);
          continue;
        }
        fire(next);
        // Let the work a timer started (promises, I/O callbacks) run before the next one.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
