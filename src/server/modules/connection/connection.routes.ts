import type { FastifyInstance } from 'fastify';
import { connectionEndpoints } from '../../../shared/api/connection';
import { route } from '../../http/route';
import { sessionIdOf } from '../auth/session-token';
import type { SessionCookies } from '../auth/request-session';
import type { ConnectionReportsService } from './connection-reports.service';
import type { PollTokens } from './poll-token';

/** Reports a session may send per minute: a page reports at most every 30 s, so 4 leave room for a reload. */
export const CONNECTION_REPORTS_PER_MINUTE = 4;

export function registerConnectionRoutes(
  fastify: FastifyInstance,
  deps: { reports: ConnectionReportsService; pollTokens: PollTokens; cookies: SessionCookies },
) {
  const { reports, pollTokens, cookies } = deps;

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

  route(fastify, connectionEndpoints.pollToken, deps, async ({ session }) => pollTokens.issue(session.session.id));
}
