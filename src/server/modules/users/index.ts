import { LAST_SEEN_REFRESH_MS } from '../../../shared/constants';
import { isStaff } from '../../../shared/roles';
import type { Timer } from '../../clock';
import { channel } from '../../realtime/types';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import { createCurrentRoomWriter, type CurrentRoomWriter } from './current-room-writer';
import { createLiveUsers, type LiveUsers } from './live-users';
import { announceUsers, keepLiveUsersCoherent } from './users.gateway';
import { createUsersRepo, type UsersRepo } from './users.repo';
import { registerUsersRoutes } from './users.routes';
import { createUsersService, type UsersService } from './users.service';

export type { LiveUser, LiveUsers } from './live-users';
export type { CurrentRoomWriter } from './current-room-writer';
export type { UsersRepo, UsernameKeyRow } from './users.repo';
export type { UsersService } from './users.service';
/** Users as others see them (and as they see themselves): every module presents users this way. */
export { toPublicUser, toSelfUser } from './users.presenter';
/** The users table, for the tools that run outside the app (the owner script, the start-up backfill). */
export { createUsersRepo } from './users.repo';

export interface UsersModule extends Module {
  repo: UsersRepo;
  service: UsersService;
  /** The current record of every user with a socket on this node. */
  live: LiveUsers;
  /** Each user's current room, written for everyone together every 2 s. */
  currentRooms: CurrentRoomWriter;
}

/**
 * Users: profiles, settings and roles; the live record of every connected user (what every
 * socket check reads), kept equal on every node; last-seen and current-room bookkeeping.
 */
export function createUsersModule(
  core: Core,
  deps: {
    presence: Pick<PresenceModule, 'service'>;
    moderation: Pick<ModerationModule, 'sanctionsRepo' | 'log' | 'words'>;
  },
): UsersModule {
  const { clock, writes } = core;
  const presence = deps.presence.service;
  const repo = createUsersRepo(core.db);
  const liveUsers = createLiveUsers({
    users: repo,
    sanctions: deps.moderation.sanctionsRepo,
    clock,
    onChange: (user) =>
      void presence.refreshUser(user.online, user.row.usernameKey).catch(core.logError('presence refresh failed')),
    onError: core.logError('user reload failed'),
  });
  const currentRooms = createCurrentRoomWriter(repo, 2000, clock, core.logError('current rooms not saved'));
  const service = createUsersService({
    repo,
    presence,
    bus: core.bus,
    log: deps.moderation.log,
    liveUsers,
    clock,
    screenName: (name) => deps.moderation.words.screenName(name),
  });
  let lastSeenTimer: Timer | undefined;
  return {
    name: 'users',
    repo,
    service,
    live: liveUsers,
    currentRooms,
    start() {
      // Once a minute, one statement refreshes last-seen for every user connected to this node.
      lastSeenTimer = clock.every(
        LAST_SEEN_REFRESH_MS,
        () =>
          void writes
            .track(repo.touchLastSeen(presence.localUserIds()))
            .catch(core.logError('last-seen refresh failed')),
      );
    },
    routes: (fastify, http) => registerUsersRoutes(fastify, { users: service, cookies: http.cookies }),
    caches: (live) => keepLiveUsersCoherent(live, liveUsers),
    gateway: (live) => announceUsers(live, presence),
    onConnect(socket, user) {
      if (isStaff(user.actor.role)) void socket.join(channel.staff);
    },
    onDisconnect(socket) {
      const { userId } = socket.data;
      liveUsers.release(userId);
      void writes.track(repo.touchLastSeen([userId])).catch(() => undefined);
    },
    stop() {
      lastSeenTimer?.cancel();
    },
    drain: () => currentRooms.close(),
  };
}
