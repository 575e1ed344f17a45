import type { IgnoreModule } from '../ignore';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { announceFriends } from './friends.gateway';
import { createFriendsRepo } from './friends.repo';
import { registerFriendsRoutes } from './friends.routes';
import { createFriendsService, type FriendsService } from './friends.service';
import { createFriendRequestLimit } from './request-limit';

export { FRIEND_REQUESTS_PER_WINDOW } from './request-limit';
export type { FriendsService } from './friends.service';

export interface FriendsModule extends Module {
  service: Pick<FriendsService, 'areFriends' | 'friendIdsOf'>;
}

/**
 * Friends: requests, acceptances and friendships, one row per pair; friends see each other come
 * online and go; "friends only" private messages admit them. Part of a user's data export.
 */
export function createFriendsModule(
  core: Core,
  deps: {
    users: Pick<UsersModule, 'repo' | 'live'>;
    ignore: Pick<IgnoreModule, 'service'>;
    presence: Pick<PresenceModule, 'service'>;
  },
): FriendsModule {
  const friends = createFriendsService({
    repo: createFriendsRepo(core.db),
    users: deps.users.repo,
    liveUsers: deps.users.live,
    ignore: deps.ignore.service,
    presence: deps.presence.service,
    bus: core.bus,
    clock: core.clock,
    limit: createFriendRequestLimit({
      redis: core.redis,
      prefix: core.config.redisPrefix,
      now: () => core.clock.now(),
    }),
  });
  // Someone came online or left the whole site: their friends are told (one query per change).
  const stopPresence = core.bus.subscribe(
    'presence.onlineChanged',
    ({ userId, online }) =>
      void friends.announcePresence(userId, online).catch(core.logError('notification not stored')),
  );
  return {
    name: 'friends',
    service: friends,
    routes: (fastify, http) => registerFriendsRoutes(fastify, { friends, cookies: http.cookies }),
    gateway: announceFriends,
    exportSections: { friends: (userId) => friends.exported(userId) },
    stop: stopPresence,
  };
}
