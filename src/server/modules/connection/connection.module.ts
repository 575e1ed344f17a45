import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { SessionCookies } from '../auth/request-session';
import type { createSessionsRepo } from '../auth/sessions.repo';
import { createConnectionReportsRepo } from './connection-reports.repo';
import { createConnectionReportsService } from './connection-reports.service';
import { registerConnectionRoutes } from './connection.routes';
import { createPollTokens } from './poll-token';

const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * The connection module (issue 11): connection reports (kept 7 days, pruned hourly) and the poll
 * tokens `/since` accepts. One call in app.ts builds it; `register` adds its routes; `stop` ends
 * the pruning timer.
 */
export function createConnectionModule(deps: {
  db: Db;
  clock: Clock;
  secret: string;
  sessions: ReturnType<typeof createSessionsRepo>;
  onError: (error: unknown) => void;
}) {
  const reports = createConnectionReportsService({ repo: createConnectionReportsRepo(deps.db), clock: deps.clock });
  const pollTokens = createPollTokens({
    secret: deps.secret,
    clock: deps.clock,
    findSession: (sessionId) => deps.sessions.findLive(sessionId),
  });
  const pruneTimer = deps.clock.every(PRUNE_EVERY_MS, () => void reports.prune().catch(deps.onError));
  return {
    reports,
    pollTokens,
    register(fastify: FastifyInstance, cookies: SessionCookies): void {
      registerConnectionRoutes(fastify, { reports, pollTokens, cookies });
    },
    stop(): void {
      pruneTimer.cancel();
    },
  };
}
