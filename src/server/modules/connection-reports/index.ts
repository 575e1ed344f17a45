import type { Timer } from '../../clock';
import type { AuthModule } from '../auth';
import type { Core, Module } from '../module';
import { createConnectionReportsRepo } from './connection-reports.repo';
import { registerConnectionReportsRoutes } from './connection-reports.routes';
import { createConnectionReportsService } from './connection-reports.service';

const PRUNE_EVERY_MS = 60 * 60_000;

export type ConnectionReportsModule = Module;

/**
 * Connection reports (issue 11): each page's measured connection health, kept 7 days and pruned
 * hourly. (The poll tokens of the polling fallback are sessions' business: the auth module's.)
 */
export function createConnectionReportsModule(
  core: Core,
  deps: { auth: Pick<AuthModule, 'cookies'> },
): ConnectionReportsModule {
  const reports = createConnectionReportsService({ repo: createConnectionReportsRepo(core.db), clock: core.clock });
  let pruneTimer: Timer | undefined;
  return {
    name: 'connection-reports',
    start() {
      pruneTimer = core.clock.every(
        PRUNE_EVERY_MS,
        () => void reports.prune().catch(core.logError('connection report pruning failed')),
      );
    },
    routes: (fastify) => registerConnectionReportsRoutes(fastify, { reports, cookies: deps.auth.cookies }),
    stop() {
      pruneTimer?.cancel();
    },
  };
}
