import type { createClient } from 'redis';
import { AppError } from '../../errors';

type RedisClient = ReturnType<typeof createClient>;

/** Wrong passwords for one account allowed before it slows down. */
export const LOGIN_FREE_FAILURES = 5;
/** The first wait; each further failure doubles it, up to the cap. */
export const LOGIN_BACKOFF_FIRST_MS = 15_000;
/** The longest wait: the real owner is never shut out for long. */
export const LOGIN_BACKOFF_MAX_MS = 10 * 60_000;
/** After this long without a failure, the account's count starts again. */
export const LOGIN_FAILURES_FORGOTTEN_MS = 60 * 60_000;

interface State {
  failures: number;
  lastFailureAt: number;
}

/** How long an account with `failures` recent failures waits after the last one. */
export function backoffMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_BACKOFF_MAX_MS, LOGIN_BACKOFF_FIRST_MS * 2 ** (failures - LOGIN_FREE_FAILURES));
}

/**
 * A per-account sign-in back-off, shared by every node through Redis when there is one: after
 * LOGIN_FREE_FAILURES wrong passwords, each attempt on that name waits 15 s, 30 s, 1 min… up to
 * 10 min after the last failure, whichever address it comes from (a guesser spread over many
 * addresses gains nothing). The right password resets it. Keyed by the folded name, so names that
 * do not exist behave the same (nothing tells them apart).
 */
export function createLoginBackoff(deps: { redis: RedisClient | undefined; prefix: string; now: () => number }) {
  const local = new Map<string, State>();
  const redisKey = (key: string) => `${deps.prefix}:login-failures:${key}`;

  async function read(key: string): Promise<State | undefined> {
    if (!deps.redis) return local.get(key);
    const raw = await deps.redis.hGetAll(redisKey(key));
    if (!raw.failures) return undefined;
    return { failures: Number(raw.failures), lastFailureAt: Number(raw.lastFailureAt) };
  }

  function current(state: State | undefined): State | undefined {
    return state && deps.now() - state.lastFailureAt < LOGIN_FAILURES_FORGOTTEN_MS ? state : undefined;
  }

  return {
    /** Refuses (429, with the seconds left) while the account must wait. */
    async check(key: string): Promise<void> {
      const state = current(await read(key));
      if (!state) return;
      const waitUntil = state.lastFailureAt + backoffMs(state.failures);
      const left = waitUntil - deps.now();
      if (left > 0) throw new AppError('LOGIN_BACKOFF', 429, undefined, Math.ceil(left / 1000));
    },

    async failed(key: string): Promise<void> {
      const now = deps.now();
      const failures = (current(await read(key))?.failures ?? 0) + 1;
      if (!deps.redis) {
        local.set(key, { failures, lastFailureAt: now });
        if (local.size > 100_000) local.delete(local.keys().next().value!);
        return;
      }
      // Counted atomically (two nodes' failures both count); the time is the latest.
      const name = redisKey(key);
      const results = await deps.redis
        .multi()
        .hIncrBy(name, 'failures', 1)
        .hSet(name, 'lastFailureAt', String(now))
        .pExpire(name, LOGIN_FAILURES_FORGOTTEN_MS + LOGIN_BACKOFF_MAX_MS)
        .exec();
      // A count older than an hour (the key outlived it on the clock) starts again.
      if (failures === 1 && Number(results[0]) > 1) await deps.redis.hSet(name, 'failures', '1');
    },

    async succeeded(key: string): Promise<void> {
      local.delete(key);
      if (deps.redis) await deps.redis.del(redisKey(key));
    },
  };
}

export type LoginBackoff = ReturnType<typeof createLoginBackoff>;
