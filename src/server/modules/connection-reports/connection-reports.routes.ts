import type { FastifyInstance } from 'fastify';
import { connectionEndpoints } from '../../../shared/api/connection';
import { route } from '../../http/route';
import { sessionIdOf, type SessionCookies } from '../auth';
import type { ConnectionReportsService } from './connection-reports.service';

/** Reports a session may send per minute: a page reports at most every 30 s, so 4 leave room for a reload. */
export const CONNECTION_REPORTS_PER_MINUTE = 4;

export function registerConnectionReportsRoutes(
  fastify: FastifyInstance,
  deps: { reports: ConnectionReportsService; cookies: SessionCookies },
) {
  const { reports, cookies } = deps;

  route(
    fastify,
    connectionEndpoints.report,
    {
      cookies,
      config: {
        rateLimit: {
          max: CONNECTION_REPORTS_PER_MINUTE,
          timeWindow: '1 minute',
          // Per session where there is one (many phones share a carrier's address), else per address.
          keyGenerator: (request) => {
            const token = cookies.tokenFromCookieHeader(request.headers.cookie);
            return token ? `report:${sessionIdOf(token)}` : `report:${request.ip}`;
          },
        },
      },
      bodyLimit: 4096,
    },
    async ({ session, body }) => {
      await reports.record(session.user.id, body);
      return { ok: true as const };
    },
  );
}
