import type { AuthModule } from '../auth';
import type { IgnoreModule } from '../ignore';
import type { ImagesModule } from '../images';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { ReactionsModule } from '../reactions';
import type { RoomsModule } from '../rooms';
import type { UsersModule } from '../users';
import type { VoiceNotesModule } from '../voice-notes';
import { announceMessages } from './messages.gateway';
import { createMessageIds } from './message-ids';
import { createMessageWrites } from './message-writes';
import { createMessagesRepo, type MessagesRepo } from './messages.repo';
import { roomMessagesRetention } from './messages.retention';
import { registerMessagesRoutes } from './messages.routes';
import { createMessagesService } from './messages.service';
import { registerMessagesSocket } from './messages.socket';
import { createTypingService } from './typing.service';

export type { MessagesRepo, MessageWithSender } from './messages.repo';
export { roomMessagesRetention } from './messages.retention';
/** A stored message as clients see it (private messages are messages too). */
export { toMessage } from './messages.presenter';

export interface MessagesModule extends Module {
  /** A message still shown, with its sender (what a report of a message names). */
  findShown: MessagesRepo['findShown'];
}

/**
 * Room messages: posting (over the socket, or queued over HTTP), history pages, the polling
 * fallback's `/since`, deleting, and typing. Reactions and replies complete each page; those
 * who ignore a sender never receive their messages.
 */
export function createMessagesModule(
  core: Core,
  deps: {
    rooms: Pick<RoomsModule, 'service'>;
    presence: Pick<PresenceModule, 'service'>;
    users: Pick<UsersModule, 'live' | 'repo' | 'currentRooms'>;
    moderation: Pick<ModerationModule, 'flood' | 'words' | 'reports' | 'log'>;
    images: Pick<ImagesModule, 'images'>;
    reactions: Pick<ReactionsModule, 'service'>;
    ignore: Pick<IgnoreModule, 'service'>;
    auth: Pick<AuthModule, 'cookies' | 'pollTokens'>;
    voiceNotes?: Pick<VoiceNotesModule, 'voiceNotes'>;
  },
): MessagesModule {
  const { bus, clock } = core;
  const { reactions, ignore } = deps;
  const repo = createMessagesRepo(core.db);
  const messages = createMessagesService({
    repo,
    ids: createMessageIds(core.db, { shared: core.redis !== undefined }),
    storage: createMessageWrites(repo, { lingerMs: core.config.messageWriteLingerMs }),
    rooms: deps.rooms.service,
    presence: deps.presence.service,
    liveUsers: deps.users.live,
    flood: deps.moderation.flood,
    words: deps.moderation.words,
    reports: deps.moderation.reports,
    writes: core.writes,
    bus,
    users: deps.users.repo,
    log: deps.moderation.log,
    images: deps.images.images,
    voiceNotes: deps.voiceNotes?.voiceNotes,
    clock,
    extras: {
      decorate: (viewerId, page) => reactions.service.decorate(viewerId, page),
      requireQuotable: (roomId, replyToId) => reactions.service.requireQuotable(roomId, replyToId),
      hiddenSenders: (viewerId) => ignore.service.ignoredBy(viewerId),
    },
    onError: core.logError('flagged message not reported'),
    async currentRoomOf(userId) {
      const pending = deps.users.currentRooms.pendingFor(userId);
      if (pending !== undefined) return pending;
      return (await deps.users.repo.findById(userId))?.currentRoom ?? null;
    },
    enteredByPolling: (userId, roomId) => deps.users.currentRooms.record(userId, roomId),
  });
  const typing = createTypingService({ liveUsers: deps.users.live, bus, clock });
  return {
    name: 'messages',
    findShown: (id) => repo.findShown(id),
    routes: (fastify) =>
      registerMessagesRoutes(fastify, { messages, cookies: deps.auth.cookies, pollTokens: deps.auth.pollTokens }),
    gateway: announceMessages,
    retention: [roomMessagesRetention(core.db, core.config.retention)],
    sockets: (socket, ctx) => registerMessagesSocket(socket, { messages, typing }, ctx),
  };
}
