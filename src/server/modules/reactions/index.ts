import type { Core, Module } from '../module';
import type { RoomsModule } from '../rooms';
import type { UsersModule } from '../users';
import { announceReactions } from './reactions.gateway';
import { createReactionsRepo } from './reactions.repo';
import { registerReactionsRoutes } from './reactions.routes';
import { createReactionsService, type ReactionsService } from './reactions.service';

export type { ReactionsService } from './reactions.service';

export interface ReactionsModule extends Module {
  /** Completes pages of room messages (counts, the latest reaction, the reader's own, quotes). */
  service: Pick<ReactionsService, 'decorate' | 'requireQuotable'>;
}

/** Reactions to room messages (one per person) and the quotes of replies. */
export function createReactionsModule(
  core: Core,
  deps: { rooms: Pick<RoomsModule, 'service'>; users: Pick<UsersModule, 'live'> },
): ReactionsModule {
  const reactions = createReactionsService({
    repo: createReactionsRepo(core.db),
    rooms: deps.rooms.service,
    liveUsers: deps.users.live,
    bus: core.bus,
    clock: core.clock,
  });
  return {
    name: 'reactions',
    service: reactions,
    routes: (fastify, http) => registerReactionsRoutes(fastify, { reactions, cookies: http.cookies }),
    gateway: announceReactions,
  };
}
