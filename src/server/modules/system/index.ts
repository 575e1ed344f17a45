import type { Core, Module } from '../module';
import type { RetentionModule } from '../retention';
import type { UsersModule } from '../users';
import { registerSystemRoutes } from './system.routes';
import { registerSystemSocket } from './system.socket';

export type SystemModule = Module;

/**
 * The site's own signals: health and ping over HTTP; on the socket, spec §7's `auth` (answered
 * with `authenticated`), `client_ping` and `going_background`.
 */
export function createSystemModule(
  core: Core,
  deps: { users: Pick<UsersModule, 'repo' | 'live'>; retention: Pick<RetentionModule, 'lastRun'> },
): SystemModule {
  const { clock } = core;
  return {
    name: 'system',
    routes: (fastify, http) =>
      registerSystemRoutes(fastify, {
        database: core.database,
        redis: core.redis,
        cookies: http.cookies,
        users: deps.users.repo,
        clock,
        retention: deps.retention,
        periods: core.config.retention,
      }),
    sockets: (socket, ctx) => registerSystemSocket(socket, { liveUsers: deps.users.live, clock }, ctx),
  };
}
