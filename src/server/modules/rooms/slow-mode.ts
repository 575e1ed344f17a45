import type { createClient } from 'redis';
import type { Clock } from '../../clock';

type RedisClient = ReturnType<typeof createClient>;

/**
 * Atomically: the time of the sender's last counted message in the room, if it is still within
 * the window (the refusal), else the new time stored and -1 (allowed). Times are the server's
 * clock, passed in, so tests move the clock; the key's expiry only cleans up.
 */
const TAKE_TURN = `
local last = redis.call('GET', KEYS[1])
local now = tonumber(ARGV[1])
if last and now - tonumber(last) < tonumber(ARGV[2]) then return tonumber(last) end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return -1
`;

export interface SlowModeTurns {
  /**
   * Takes `userId`'s turn in `roomId` under a slow mode of `seconds`: 0 when they may send now
   * (the turn is counted), else the seconds left to wait.
   */
  take(userId: number, roomId: string, seconds: number): Promise<number>;
}

/**
 * Slow mode's one message per N seconds per person and room, on every node: one key per person
 * and room in Redis when there is one (a script reads and sets it at once), in memory otherwise.
 */
export function createSlowModeTurns(options: { clock: Clock; redis?: RedisClient; prefix: string }): SlowModeTurns {
  const { clock, redis, prefix } = options;
  const local = new Map<string, number>();

  function secondsLeft(last: number, now: number, windowMs: number): number {
    return Math.max(1, Math.ceil((last + windowMs - now) / 1000));
  }

  return {
    async take(userId, roomId, seconds) {
      if (seconds <= 0) return 0;
      const now = clock.now();
      const windowMs = seconds * 1000;
      const key = `${prefix}:slow:${roomId}:${userId}`;
      if (redis) {
        const last = Number(await redis.eval(TAKE_TURN, { keys: [key], arguments: [String(now), String(windowMs)] }));
        return last < 0 ? 0 : secondsLeft(last, now, windowMs);
      }
      const last = local.get(key);
      if (last !== undefined && now - last < windowMs) return secondsLeft(last, now, windowMs);
      local.set(key, now);
      // Memory is kept small: a stale entry is as good as none.
      if (local.size > 50_000) for (const [k, at] of local) if (now - at > 300_000) local.delete(k);
      return 0;
    },
  };
}
