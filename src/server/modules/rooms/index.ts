import path from 'node:path';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { createRoomIconStore } from './room-icons';
import { announceRooms, keepRoomsCoherent } from './rooms.gateway';
import { createRoomsRepo } from './rooms.repo';
import { registerRoomsRoutes } from './rooms.routes';
import { createRoomsService, type RoomsService } from './rooms.service';
import { createSlowModeTurns } from './slow-mode';
import { registerRoomsSocket } from './rooms.socket';

export type { RoomsService } from './rooms.service';

export interface RoomsModule extends Module {
  /** The room copy every node holds; the join rule; creating, locking, deleting rooms. */
  service: RoomsService;
}

/**
 * Rooms: the list with live counts, entering one (the join rule), creating, picturing, locking and
 * deleting them; every node holds every room in memory, kept equal to the database.
 */
export function createRoomsModule(
  core: Core,
  deps: {
    presence: Pick<PresenceModule, 'service'>;
    users: Pick<UsersModule, 'live' | 'currentRooms'>;
    moderation: Pick<ModerationModule, 'log' | 'words'>;
  },
): RoomsModule {
  // Several nodes must share this folder (a shared volume), as they share the database.
  const icons = createRoomIconStore(path.join(core.config.dataDir, 'uploads', 'rooms'));
  const rooms = createRoomsService({
    repo: createRoomsRepo(core.db),
    presence: deps.presence.service,
    presencePageSize: core.config.presencePageSize,
    liveUsers: deps.users.live,
    currentRooms: deps.users.currentRooms,
    bus: core.bus,
    clock: core.clock,
    icons,
    log: deps.moderation.log,
    words: deps.moderation.words,
    slowMode: createSlowModeTurns({ clock: core.clock, redis: core.redis, prefix: core.config.redisPrefix }),
  });
  return {
    name: 'rooms',
    service: rooms,
    start: () => rooms.load(),
    routes: (fastify, http) => registerRoomsRoutes(fastify, { rooms, icons, cookies: http.cookies }),
    caches: (live) => keepRoomsCoherent(live, rooms),
    gateway: (live) => announceRooms(live, rooms),
    sockets: (socket, ctx) => registerRoomsSocket(socket, { rooms }, ctx),
  };
}
