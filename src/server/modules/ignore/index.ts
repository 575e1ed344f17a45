import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { announceIgnores, ignoringChannel } from './ignore.gateway';
import { createIgnoreRepo } from './ignore.repo';
import { registerIgnoreRoutes } from './ignore.routes';
import { createIgnoreService, type IgnoreService } from './ignore.service';

export type { IgnoreService } from './ignore.service';
/**
 * The channel of those who ignore a user: a module that emits what a user does to a room emits
 * it `.except(ignoringChannel(userId))`, so no recipient is looked up per message.
 */
export { ignoringChannel } from './ignore.gateway';

export interface IgnoreModule extends Module {
  service: Pick<IgnoreService, 'ignores' | 'ignoredBy' | 'whoIgnore'>;
}

/**
 * Ignore (spec §4): what an ignored person does is filtered on the server, without a query per
 * recipient: every socket of an ignorer sits in the ignored person's `ignoring:` channel.
 */
export function createIgnoreModule(
  core: Core,
  deps: { users: Pick<UsersModule, 'repo'>; presence: Pick<PresenceModule, 'service'> },
): IgnoreModule {
  const ignore = createIgnoreService({
    repo: createIgnoreRepo(core.db),
    users: deps.users.repo,
    bus: core.bus,
    clock: core.clock,
  });
  const onError = core.logError('ignores not read');
  return {
    name: 'ignore',
    service: ignore,
    routes: (fastify, http) =>
      registerIgnoreRoutes(fastify, { ignore, presence: deps.presence.service, cookies: http.cookies }),
    gateway: announceIgnores,
    onConnect(socket, user) {
      // What the people this user ignores do is not sent to this socket.
      void ignore
        .ignoredBy(user.row.id)
        .then((ids) => socket.join(ids.map(ignoringChannel)))
        .catch(onError);
    },
  };
}
