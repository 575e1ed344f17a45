import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** One counter per key and window: the first hit starts the window (as @fastify/rate-limit's own store). */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {current, tonumber(ARGV[1])}
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(current), ttl}
`;

/**
 * A store for @fastify/rate-limit on the node-redis client the site already holds (the plugin's
 * own Redis store needs ioredis): with REDIS_URL, every node counts an address's requests in the
 * same counter, so N nodes do not give N allowances. Each route with its own limit (sign-in) gets
 * its own counters (`child`).
 */
export function redisRateLimitStore(redis: RedisClient, prefix: string) {
  return class RedisRateLimitStore implements FastifyRateLimitStore {
    readonly key: string;

    constructor(_options?: unknown, key = `${prefix}:rate:`) {
      this.key = key;
    }

    incr(id: string, callback: Callback, timeWindow: number): void {
      redis
        .eval(INCREMENT, { keys: [this.key + id], arguments: [String(timeWindow)] })
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl });
        })
        .catch((error: Error) => callback(error));
    }

    read(id: string, callback: Callback): void {
      redis
        .eval(READ, { keys: [this.key + id], arguments: [] })
        .then((reply) => {
          const [current, ttl] = reply as [number, number];
          callback(null, { current, ttl });
        })
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): RedisRateLimitStore {
      // The plugin passes the route's options with `routeInfo` (its own Redis store reads it too).
      const { method, url } = (routeOptions as unknown as { routeInfo: { method: string | string[]; url: string } })
        .routeInfo;
      return new RedisRateLimitStore(undefined, `${this.key}${String(method)}${url}:`);
    }
  };
}
