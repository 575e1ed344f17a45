import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { systemEndpoints, type HealthPart } from '../../../shared/api/system';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { route, type SessionReader } from '../../http/route';
import type { Core } from '../module';
import type { RetentionModule } from '../retention';
import type { UsersRepo } from '../users';

/** A part that has not answered within this long is reported down. */
const PROBE_TIMEOUT_MS = 2000;

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
    timer.unref();
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function registerSystemRoutes(
  fastify: FastifyInstance,
  deps: {
    database: Database;
    redis: Core['redis'];
    cookies: SessionReader;
    users: Pick<UsersRepo, 'touchLastSeen'>;
    clock: Clock;
    retention: Pick<RetentionModule, 'lastRun'>;
    periods: Config['retention'];
  },
) {
  const { database, redis, users, clock } = deps;
  const startedAt = clock.now();

  /** Asks each part; what does not answer is named in `down`. */
  async function health() {
    const [databaseUp, redisUp] = await Promise.all([
      withinTimeout(database.db.execute(sql`select 1`)).then(
        () => true,
        () => false,
      ),
      redis
        ? withinTimeout(redis.ping()).then(
            () => true,
            () => false,
          )
        : Promise.resolve(undefined),
    ]);
    const down: HealthPart[] = [];
    if (!databaseUp) down.push('database');
    if (redisUp === false) down.push('redis');
    return {
      status: down.length ? ('degraded' as const) : ('ok' as const),
      database: database.driver,
      ...(redisUp === undefined ? {} : { redis: redisUp ? ('ok' as const) : ('down' as const) }),
      down,
      uptimeSeconds: Math.round((clock.now() - startedAt) / 1000),
    };
  }

  route(fastify, systemEndpoints.health, deps, async ({ reply }) => {
    const report = await health();
    if (report.status !== 'ok') reply.code(503);
    return report;
  });

  route(fastify, systemEndpoints.healthDetails, deps, async ({ session }) => {
    authorize(session.user, 'viewHealthDetails');
    const { publicDays, privateDays, securityDays } = deps.periods;
    return {
      ...(await health()),
      retention: await deps.retention.lastRun(),
      retentionPeriods: { publicDays, privateDays, securityDays },
    };
  });

  /** Sent by the page when it is hidden (beacon) or polled: marks the user as just seen. */
  const ping = async ({ session }: { session: { user: { id: number } } | null }) => {
    if (session) await users.touchLastSeen([session.user.id]);
    return { ok: true as const, serverTime: clock.now() };
  };
  route(fastify, systemEndpoints.ping, deps, ping);
  route(fastify, systemEndpoints.pingBeacon, deps, ping);
}
