import type { FriendsModule } from '../friends';
import type { IgnoreModule } from '../ignore';
import type { ImagesModule } from '../images';
import type { VoiceNotesModule } from '../voice-notes';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { announcePrivateMessages } from './private-messages.gateway';
import { createPrivateMessagesRepo } from './private-messages.repo';
import { privateMessagesRetention } from './private-messages.retention';
import { registerPrivateMessagesRoutes } from './private-messages.routes';
import { createPrivateMessagesService, type PrivateMessagesService } from './private-messages.service';
import { registerPrivateMessagesSocket } from './private-messages.socket';

export { privateMessagesRetention } from './private-messages.retention';

export type { PrivateMessagesService, PrivateSender } from './private-messages.service';

export interface PrivateMessagesModule extends Module {
  /** Sending a private message by every rule (another module's: a reply to a story, with its attachment). */
  service: Pick<PrivateMessagesService, 'send'>;
}

/**
 * Private messages: sending (the room messages' rules, plus the receiver's setting), the
 * conversations list, pages by time, read marks and private typing.
 */
export function createPrivateMessagesModule(
  core: Core,
  deps: {
    users: Pick<UsersModule, 'live' | 'repo'>;
    presence: Pick<PresenceModule, 'service'>;
    moderation: Pick<ModerationModule, 'sanctionsRepo' | 'flood' | 'words' | 'reports' | 'log'>;
    images: Pick<ImagesModule, 'images'>;
    voiceNotes?: Pick<VoiceNotesModule, 'voiceNotes'>;
    friends: Pick<FriendsModule, 'service'>;
    ignore: Pick<IgnoreModule, 'service'>;
  },
): PrivateMessagesModule {
  const { friends, ignore } = deps;
  const privateMessages = createPrivateMessagesService({
    repo: createPrivateMessagesRepo(core.db),
    users: deps.users.repo,
    sanctions: deps.moderation.sanctionsRepo,
    presence: deps.presence.service,
    liveUsers: deps.users.live,
    flood: deps.moderation.flood,
    words: deps.moderation.words,
    reports: deps.moderation.reports,
    writes: core.writes,
    bus: core.bus,
    log: deps.moderation.log,
    images: deps.images.images,
    voiceNotes: deps.voiceNotes?.voiceNotes,
    clock: core.clock,
    people: { areFriends: friends.service.areFriends, ignores: ignore.service.ignores },
    onError: core.logError('flagged private message not reported'),
  });
  return {
    name: 'private-messages',
    service: privateMessages,
    routes: (fastify, http) => registerPrivateMessagesRoutes(fastify, { privateMessages, cookies: http.cookies }),
    gateway: announcePrivateMessages,
    retention: [privateMessagesRetention(core.db, core.config.retention)],
    sockets: (socket, ctx) => registerPrivateMessagesSocket(socket, { privateMessages }, ctx),
  };
}
