import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { createClient } from 'redis';
import type { ErrorCode } from '../../../shared/api/errors';
import { isStaff, type Role } from '../../../shared/roles';
import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { messageFingerprint } from './word-normalizer';
import { slidingWindow, type WindowDecision } from '../../limits/sliding-window';
import { createWindowCounters } from '../../limits/window-counters';

type RedisClient = ReturnType<typeof createClient>;

/** Flood control for room messages (config.ts reads them from the environment). */
export interface MessageFloodLimits {
  /** The window every message count is measured over (sliding). */
  windowMs: number;
  /** Messages per window from one account, by rank: visitors least, staff most. */
  perUser: { guest: number; member: number; staff: number };
  /** Messages per window from one device, whatever account sends them (staff not counted). */
  perDevice: number;
  /** The same message (compared normalised) at most this many times per `repeatWindowMs` from one account. */
  repeats: number;
  repeatWindowMs: number;
}

/** Who sends: the account, its current rank, and the device its socket said it is on. */
export interface Sender {
  userId: number;
  role: Role;
  deviceId: string | null;
}

interface Counts {
  current: number;
  previous: number;
}

/** Where a rule's counts live: this process's memory, or Redis shared by every node. */
interface Counter {
  /**
   * Counts one against `key` in `window`; that window's count (this one included) and the previous
   * one's. At once in memory (no promise, no turn of the event loop), later from Redis.
   */
  take(key: string, window: number): Counts | Promise<Counts>;
  giveBack(key: string, window: number): Promise<unknown>;
}

interface Rule {
  counter: Counter;
  limit: number;
  windowMs: number;
  refusal: ErrorCode;
}

/** A message let through: `refund` gives back what it counted, when it was not stored after all. */
export interface FloodTicket {
  refund(): Promise<void>;
}

interface Counted extends WindowDecision {
  rule: Rule;
  refund(): Promise<unknown>;
}

/**
 * A short key for a message's fingerprint (a 53-bit hash, base 36). A collision could only make two
 * of one sender's own messages count as repeats of each other; a cryptographic hash is not needed,
 * and costs several times more on the message path.
 */
function textKey(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Flood control shared by every node: counters live in Redis when there is one (rate-limiter-flexible's
 * Redis limiter, falling back to memory if Redis fails), else in this process's memory. Time is the
 * server's clock, not the store's: each counter's key carries its window's number taken from
 * `clock.now()`, and the library only keeps the count and lets it expire. So tests move the clock
 * instead of sleeping, and every node agrees on the windows.
 */
export function createMessageFlood(options: {
  limits: MessageFloodLimits;
  clock: Clock;
  redis?: RedisClient;
  prefix: string;
}) {
  const { limits, clock, redis, prefix } = options;

  /**
   * Alone, the counts are kept in memory by window (two windows, no timer per key). With Redis,
   * rate-limiter-flexible's Redis limiter holds them (an expiring key per window), falling back to
   * its memory limiter while Redis fails.
   */
  function counterOf(name: string, limit: number, windowMs: number): Counter {
    if (!redis) {
      const counts = createWindowCounters();
      return {
        take: (key, window) => counts.take(key, window),
        giveBack: async (key, window) => counts.giveBack(key, window),
      };
    }
    // A window's counter is read again as "the previous window" during the next one.
    const store = {
      keyPrefix: `${prefix}:flood:${name}`,
      points: limit,
      duration: Math.ceil((2 * windowMs) / 1000) + 1,
    };
    const limiter = new RateLimiterRedis({
      ...store,
      storeClient: redis,
      useRedisPackage: true,
      insuranceLimiter: new RateLimiterMemory(store),
    });
    return {
      async take(key, window) {
        const [current, previous] = await Promise.all([
          limiter.consume(`${key}:${window}`).then(
            (res) => res.consumedPoints,
            // Over the library's own limit is a refusal that still tells the count; anything else is a failure.
            (res: unknown) => {
              if (res instanceof RateLimiterRes) return res.consumedPoints;
              throw res;
            },
          ),
          limiter.get(`${key}:${window - 1}`).then((res) => res?.consumedPoints ?? 0),
        ]);
        return { current, previous };
      },
      giveBack: (key, window) => limiter.reward(`${key}:${window}`, 1),
    };
  }

  function rule(name: string, limit: number, windowMs: number, refusal: ErrorCode): Rule {
    return { counter: counterOf(name, limit, windowMs), limit, windowMs, refusal };
  }

  const byRank = {
    guest: rule('user-guest', limits.perUser.guest, limits.windowMs, 'MESSAGE_RATE_LIMITED'),
    member: rule('user-member', limits.perUser.member, limits.windowMs, 'MESSAGE_RATE_LIMITED'),
    staff: rule('user-staff', limits.perUser.staff, limits.windowMs, 'MESSAGE_RATE_LIMITED'),
  };
  const perDevice = rule('device', limits.perDevice, limits.windowMs, 'MESSAGE_RATE_LIMITED');
  const repeats = rule('repeat', limits.repeats, limits.repeatWindowMs, 'MESSAGE_REPEATED');

  /** Counts one message against `key` under `rule`, and decides over the sliding window. */
  function count(r: Rule, key: string, now: number): Counted | Promise<Counted> {
    const window = Math.floor(now / r.windowMs);
    const decide = ({ current, previous }: Counts): Counted => ({
      ...slidingWindow({ previous, current, limit: r.limit, windowMs: r.windowMs, now }),
      rule: r,
      refund: () => r.counter.giveBack(key, window),
    });
    const counts = r.counter.take(key, window);
    return counts instanceof Promise ? counts.then(decide) : decide(counts);
  }

  return {
    /**
     * Counts a message about to be sent: refused (429, with the seconds to wait) when the account
     * sends too fast for its rank, the device too fast for all its accounts, or the account repeats
     * one message. A refused message counts nowhere; one let through whose storing then fails (the
     * database unreachable) is refunded by its caller, so the client's retry of it is not taken for
     * a repeat or a flood.
     */
    async check(sender: Sender, content: string): Promise<FloodTicket> {
      const now = clock.now();
      const rank = isStaff(sender.role) ? 'staff' : sender.role === 'guest' ? 'guest' : 'member';
      const text = textKey(messageFingerprint(content));
      const counting = [
        count(byRank[rank], String(sender.userId), now),
        count(repeats, `${sender.userId}:${text}`, now),
        // Two accounts on one browser share its allowance; staff are not held back by whoever shares it.
        ...(sender.deviceId && rank !== 'staff' ? [count(perDevice, sender.deviceId, now)] : []),
      ];
      const counted = counting.some((c) => c instanceof Promise)
        ? await Promise.all(counting)
        : (counting as Counted[]);
      const refused = counted.filter((c) => !c.allowed);
      if (refused.length === 0)
        return {
          async refund() {
            await Promise.all(counted.map((c) => c.refund()));
          },
        };
      await Promise.all(counted.map((c) => c.refund()));
      const longest = refused.reduce((a, b) => (b.retryAfterMs > a.retryAfterMs ? b : a));
      throw new AppError(longest.rule.refusal, 429, undefined, Math.max(1, Math.ceil(longest.retryAfterMs / 1000)));
    },
  };
}

export type MessageFlood = ReturnType<typeof createMessageFlood>;
