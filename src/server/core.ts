import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import type { Clock } from './clock';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { createEventBus } from './events/event-bus';
import type { DomainEvents } from './events/domain-events';
import type { Core, Writes } from './modules/module';

/** Counts writes in flight so shutdown can wait for them. */
export function createWriteTracker(): Writes {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      pending.add(work);
      void work.then(
        () => pending.delete(work),
        () => pending.delete(work),
      );
      return work;
    },
    drain: () => Promise.allSettled([...pending]),
  };
}

/**
 * The shared pieces every module is built from: the database (migrated and seeded), Redis when
 * configured, the event bus, the clock, the logger and the tracker of writes in flight.
 */
export async function openCore(
  config: Config,
  options: { clock: Clock; log: FastifyBaseLogger; databaseSnapshot?: string },
): Promise<Core> {
  const { clock, log } = options;
  const logError = (message: string) => (err: unknown) => log.error({ err }, message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    snapshot: options.databaseSnapshot,
    embedded: config.embeddedDatabase,
    log: {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      error: (message) => log.error(message),
    },
    onError: (err) => log.error({ err }, 'database connection error'),
  });
  await seed(database.db, { warn: (message, details) => log.warn(details, message) });
  let redis: Core['redis'];
  if (config.redisUrl) {
    // Redis down: a command fails at once instead of waiting in a queue for its return, so what
    // has a fallback uses it (allowances pass uncounted, flood control counts in memory), the
    // health check says so at once, and the rest is refused as SERVICE_UNAVAILABLE, never hangs.
    redis = createClient({ url: config.redisUrl, disableOfflineQueue: true });
    redis.on('error', (err: unknown) => log.error({ err }, 'redis error'));
    await redis.connect();
  }
  const bus = createEventBus<DomainEvents>((err, name) => log.error({ err, event: name }, 'event handler failed'));
  return { config, database, db: database.db, redis, bus, clock, log, writes: createWriteTracker(), logError };
}
