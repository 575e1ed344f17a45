import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { createClient } from 'redis';

type RedisClient = ReturnType<typeof createClient>;

export interface AdapterLog {
  debug(object: unknown, message: string): void;
}

/**
 * The Socket.IO Redis Streams adapter. It subscribes on a copy of our client without waiting for
 * the answer; if the server stops while that subscription is still on its way, the copy is closed
 * and the subscription's promise rejects with nobody listening. We listen, so a quick restart
 * cannot end the process with an unhandled rejection.
 */
export function redisStreamsAdapter(redis: RedisClient, prefix: string, log: AdapterLog) {
  const duplicate = redis.duplicate.bind(redis);
  redis.duplicate = ((...args: Parameters<typeof duplicate>) => {
    // The adapter's reading loop retries at once when a read fails: its copy waits for Redis to
    // come back (queued) rather than failing in a tight loop while it is down.
    const [overrides, ...rest] = args;
    const copy = duplicate({ ...overrides, disableOfflineQueue: false } as typeof overrides, ...rest);
    const subscribe = copy.subscribe.bind(copy);
    copy.subscribe = ((...subscribeArgs: Parameters<typeof subscribe>) => {
      const pending = subscribe(...subscribeArgs);
      pending.catch((err: unknown) => log.debug({ err }, 'redis subscription closed before it was confirmed'));
      return pending;
    }) as typeof subscribe;
    return copy;
  }) as typeof redis.duplicate;

  return createAdapter(redis, {
    streamName: `${prefix}:socket.io`,
    channelPrefix: `${prefix}:socket.io`,
    sessionKeyPrefix: `${prefix}:sio:session:`,
    onlyPlaintext: true,
  });
}
