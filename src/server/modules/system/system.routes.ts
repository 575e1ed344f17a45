import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { SessionCookies } from '../auth/request-session';
import type { UsersRepo } from '../users/users.repo';

export function registerSystemRoutes(
  fastify: FastifyInstance,
  deps: { database: Database; cookies: SessionCookies; users: UsersRepo },
) {
  const { database, cookies, users } = deps;
  const startedAt = Date.now();

  fastify.get('/api/health', async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.driver, uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) };
    } catch {
      reply.code(503);
      return { status: 'degraded', database: database.driver };
    }
  });

  /** Sent by the page when it is hidden (beacon) or polled: marks the user as just seen. */
  const ping = async (request: Parameters<typeof cookies.current>[0]) => {
    const current = await cookies.current(request);
    if (current) await users.touchLastSeen([current.user.id]);
    return { ok: true, serverTime: Date.now() };
  };
  fastify.get('/api/ping', ping);
  fastify.post('/api/ping', ping);
}
