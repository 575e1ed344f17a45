import type { FriendsModule } from '../friends';
import type { IgnoreModule } from '../ignore';
import type { ImagesModule } from '../images';
import type { ModerationModule } from '../moderation';
import type { Core, Module, RetentionRule } from '../module';
import type { PresenceModule } from '../presence';
import type { PrivateMessagesModule } from '../private-messages';
import { announceStories } from './stories.gateway';
import { createStoriesRepo } from './stories.repo';
import { storiesRetention } from './stories.retention';
import { registerStoriesRoutes } from './stories.routes';
import { createStoriesService } from './stories.service';

export type { StoriesService } from './stories.service';
export { storiesRetention } from './stories.retention';

export interface StoriesModule extends Module {
  retention: RetentionRule[];
}

/**
 * Stories (الحالات): a picture or a text for 24 hours, to everyone or to friends; views once per
 * person; reactions and replies reach the author as private messages. Expired stories are in no
 * list and answer nothing; the retention rule deletes their rows, views and pictures.
 */
export function createStoriesModule(
  core: Core,
  deps: {
    friends: Pick<FriendsModule, 'service'>;
    ignore: Pick<IgnoreModule, 'service'>;
    images: Pick<ImagesModule, 'images'>;
    privateMessages: Pick<PrivateMessagesModule, 'service'>;
    moderation: Pick<ModerationModule, 'sanctionsRepo' | 'flood' | 'words' | 'log'>;
    presence: Pick<PresenceModule, 'service'>;
  },
): StoriesModule {
  const stories = createStoriesService({
    repo: createStoriesRepo(core.db),
    friends: deps.friends.service,
    ignore: deps.ignore.service,
    images: deps.images.images,
    privateMessages: deps.privateMessages.service,
    sanctions: deps.moderation.sanctionsRepo,
    flood: deps.moderation.flood,
    words: deps.moderation.words,
    log: deps.moderation.log,
    presence: deps.presence.service,
    writes: core.writes,
    bus: core.bus,
    clock: core.clock,
  });
  return {
    name: 'stories',
    routes: (fastify, http) => registerStoriesRoutes(fastify, { stories, cookies: http.cookies }),
    gateway: announceStories,
    exportSections: { stories: (userId) => stories.exported(userId) },
    retention: [storiesRetention(core.db, (ids) => deps.images.images.discard(ids))],
  };
}
