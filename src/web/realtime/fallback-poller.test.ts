import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLLING } from '../../shared/constants';
import { FallbackPoller, pollInterval, type PollerHooks, type PollResult } from './fallback-poller';
import { aMessage } from '../testing/fixtures';

function setup(answer: () => PollResult | Error = () => ({ messages: [], serverLatency: 1 })) {
  let hidden = false;
  const fetches: (number | undefined)[] = [];
  const events: string[] = [];
  const hooks: PollerHooks = {
    roomId: () => 'general',
    lastId: () => 7,
    fetch: async (_roomId, sinceId) => {
      fetches.push(sinceId);
      const result = answer();
      if (result instanceof Error) throw result;
      return result;
    },
    received: (_roomId, result) => events.push(`received ${result.messages.length}`),
    measured: (ok) => events.push(ok ? 'ok' : 'failed'),
    backup: (active) => events.push(active ? 'backup on' : 'backup off'),
    polling: (active) => events.push(active ? 'polling on' : 'polling off'),
    isHidden: () => hidden,
  };
  const poller = new FallbackPoller(hooks, {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    random: () => 0.5,
  });
  return { poller, fetches, events, hide: (value: boolean) => (hidden = value) };
}

/** When the first poll runs, with the random point at the middle of 2–2.5 s. */
const START = POLLING.startDelayMinMs + 250;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the polling fallback', () => {
  it('starts 2–2.5 s after the socket dropped, asks for what came after the last id, then every 1.5 s', async () => {
    const { poller, fetches, events } = setup(() => ({ messages: [aMessage(8)], serverLatency: 1 }));
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(POLLING.startDelayMinMs - 1);
    expect(fetches).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetches).toEqual([7]);
    expect(events).toEqual(['polling on', 'ok', 'received 1']);
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs);
    expect(fetches).toHaveLength(2);
  });

  it('does not start when the socket is back within the delay', async () => {
    const { poller, fetches, events } = setup();
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(1000);
    poller.socketUp();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetches).toEqual([]);
    expect(events).toEqual([]);
  });

  it('polls every 5 s while hidden', async () => {
    const { poller, fetches, hide } = setup();
    hide(true);
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(POLLING.startDelayMaxMs);
    expect(fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs);
    expect(fetches).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(POLLING.hiddenMs - POLLING.visibleMs);
    expect(fetches).toHaveLength(2);
  });

  it('backs off on failures up to 30 s, forces backup mode after 3, and leaves it on the next answer', async () => {
    let failing = true;
    const { poller, fetches, events } = setup(() =>
      failing ? new Error('offline') : { messages: [], serverLatency: 1 },
    );
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(START);
    await vi.advanceTimersByTimeAsync(3000); // 1.5 s × 2
    await vi.advanceTimersByTimeAsync(6000); // × 4
    expect(fetches).toHaveLength(3);
    expect(poller.inBackupMode).toBe(true);
    expect(events.filter((e) => e === 'backup on')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(fetches).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(24_000);
    expect(fetches).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetches).toHaveLength(5); // capped at 30 s, not 48
    failing = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveLength(6);
    expect(poller.inBackupMode).toBe(false);
    expect(events.slice(-3)).toEqual(['ok', 'backup off', 'received 0']);
  });

  it('goes 10× slower once the socket is back, and stops when the room is joined again', async () => {
    const { poller, fetches, events } = setup();
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(START);
    poller.socketUp();
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs);
    // The poll scheduled before still runs; from then on, 10× the interval.
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs * POLLING.healthySocketFactor - 1);
    expect(fetches).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toHaveLength(3);
    poller.roomRejoined();
    expect(poller.active).toBe(false);
    expect(events.at(-1)).toBe('polling off');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetches).toHaveLength(3);
  });

  it('is not held back by the socket failing to reconnect again and again', async () => {
    const { poller, fetches } = setup(() => new Error('offline'));
    poller.socketDown();
    await vi.advanceTimersByTimeAsync(START); // 1st poll, fails: the next in 4 s
    for (let i = 0; i < 8; i++) {
      await vi.advanceTimersByTimeAsync(1000);
      poller.socketDown(); // a reconnect attempt failed
    }
    expect(fetches).toHaveLength(2); // the second 4 s after the first, as if nothing happened
  });

  it('computes the interval from visibility, failures and socket health', () => {
    expect(pollInterval({ hidden: false, failures: 0, socketHealthy: false })).toBe(1500);
    expect(pollInterval({ hidden: true, failures: 0, socketHealthy: false })).toBe(4000);
    expect(pollInterval({ hidden: false, failures: 2, socketHealthy: false })).toBe(6000);
    expect(pollInterval({ hidden: true, failures: 9, socketHealthy: false })).toBe(30_000);
    expect(pollInterval({ hidden: false, failures: 0, socketHealthy: true })).toBe(15_000);
  });
});
