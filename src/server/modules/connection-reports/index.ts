import type { AuthModule } from '../auth';
import type { Core, Module } from '../module';
import { createConnectionReportsRepo } from './connection-reports.repo';
import { connectionReportsRetention } from './connection-reports.retention';
import { registerConnectionReportsRoutes } from './connection-reports.routes';
import { createConnectionReportsService } from './connection-reports.service';

export { connectionReportsRetention } from './connection-reports.retention';

export type ConnectionReportsModule = Module;

/**
 * Connection reports (issue 11): each page's measured connection health, kept 7 days (the
 * retention pass deletes older ones). (The poll tokens of the polling fallback are sessions'
 * business: the auth module's.)
 */
export function createConnectionReportsModule(
  core: Core,
  deps: { auth: Pick<AuthModule, 'cookies'> },
): ConnectionReportsModule {
  const reports = createConnectionReportsService({ repo: createConnectionReportsRepo(core.db), clock: core.clock });
  return {
    name: 'connection-reports',
    routes: (fastify) => registerConnectionReportsRoutes(fastify, { reports, cookies: deps.auth.cookies }),
    retention: [connectionReportsRetention(core.db)],
  };
}
