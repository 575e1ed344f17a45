import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { systemEndpoints } from '../../../shared/api/system';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import { route, type SessionReader } from '../../http/route';
import type { UsersRepo } from '../users';

export function registerSystemRoutes(
  fastify: FastifyInstance,
  deps: { database: Database; cookies: SessionReader; users: Pick<UsersRepo, 'touchLastSeen'>; clock: Clock },
) {
  const { database, users, clock } = deps;
  const startedAt = clock.now();

  route(fastify, systemEndpoints.health, deps, async ({ reply }) => {
    try {
      await database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: database.driver,
        uptimeSeconds: Math.round((clock.now() - startedAt) / 1000),
      };
    } catch {
      reply.code(503);
      return { status: 'degraded' as const, database: database.driver };
    }
  });

  /** Sent by the page when it is hidden (beacon) or polled: marks the user as just seen. */
  const ping = async ({ session }: { session: { user: { id: number } } | null }) => {
    if (session) await users.touchLastSeen([session.user.id]);
    return { ok: true as const, serverTime: clock.now() };
  };
  route(fastify, systemEndpoints.ping, deps, ping);
  route(fastify, systemEndpoints.pingBeacon, deps, ping);
}
