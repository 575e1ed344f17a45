import type { createClient } from 'redis';
import { AppError } from '../../errors';

type RedisClient = ReturnType<typeof createClient>;

/** New friend requests one person may send per window (withdrawn ones count: send-and-withdraw spam). */
export const FRIEND_REQUESTS_PER_WINDOW = 10;
export const FRIEND_REQUEST_WINDOW_MS = 10 * 60_000;

/**
 * The per-sender limit of friend requests, counted per clock-aligned window in Redis when there is
 * one (every node shares it), else in memory. Refused with FRIEND_REQUEST_RATE_LIMITED and the
 * seconds left.
 */
export function createFriendRequestLimit(deps: { redis: RedisClient | undefined; prefix: string; now: () => number }) {
  const local = new Map<string, number>();
  return {
    async take(senderId: number): Promise<void> {
      const now = deps.now();
      const window = Math.floor(now / FRIEND_REQUEST_WINDOW_MS);
      const key = `${deps.prefix}:friend-requests:${senderId}:${window}`;
      let count: number;
      if (deps.redis) {
        const [n] = await deps.redis
          .multi()
          .incr(key)
          .pExpire(key, FRIEND_REQUEST_WINDOW_MS * 2)
          .exec();
        count = Number(n);
      } else {
        count = (local.get(key) ?? 0) + 1;
        local.set(key, count);
        if (local.size > 50_000) local.delete(local.keys().next().value!);
      }
      if (count > FRIEND_REQUESTS_PER_WINDOW) {
        const left = (window + 1) * FRIEND_REQUEST_WINDOW_MS - now;
        throw new AppError('FRIEND_REQUEST_RATE_LIMITED', 429, undefined, Math.ceil(left / 1000));
      }
    },
  };
}

export type FriendRequestLimit = ReturnType<typeof createFriendRequestLimit>;
