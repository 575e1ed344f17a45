import type { FriendsModule } from '../friends';
import type { IgnoreModule } from '../ignore';
import type { ImagesModule } from '../images';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { announceWalls } from './walls.gateway';
import { createWallsRepo } from './walls.repo';
import { registerWallsRoutes } from './walls.routes';
import { createWallsService } from './walls.service';

export type WallsModule = Module;

/**
 * Walls (issue 21): the public wall and the friends wall; posts (text and/or a picture),
 * comments, one reaction per person; live to those who may see each post, on every node.
 * Posts are kept until their author or staff delete them, or the account goes (cascades): no
 * retention rule. Part of a user's data export.
 */
export function createWallsModule(
  core: Core,
  deps: {
    users: Pick<UsersModule, 'live'>;
    presence: Pick<PresenceModule, 'service'>;
    friends: Pick<FriendsModule, 'service'>;
    ignore: Pick<IgnoreModule, 'service'>;
    moderation: Pick<ModerationModule, 'flood' | 'words' | 'reports' | 'log'>;
    images: Pick<ImagesModule, 'images'>;
  },
): WallsModule {
  const walls = createWallsService({
    repo: createWallsRepo(core.db),
    liveUsers: deps.users.live,
    presence: deps.presence.service,
    friends: deps.friends.service,
    ignore: deps.ignore.service,
    flood: deps.moderation.flood,
    words: deps.moderation.words,
    reports: deps.moderation.reports,
    log: deps.moderation.log,
    images: deps.images.images,
    bus: core.bus,
    clock: core.clock,
    writes: core.writes,
    onError: core.logError('wall picture or report not handled'),
  });
  return {
    name: 'walls',
    routes: (fastify, http) => registerWallsRoutes(fastify, { walls, cookies: http.cookies }),
    gateway: announceWalls,
    exportSections: { walls: (userId) => walls.exported(userId) },
  };
}
