import { withinEditWindow, type Message } from '../../../shared/entities/message';
import type { EditedMessage } from '../../../shared/api/messages';
import { SEARCH } from '../../../shared/text/search';
import { MODERATION } from '../../../shared/entities/moderation';
import type { Actor } from '../../../shared/policy';
import { ROOM_TOOLS, type Room } from '../../../shared/entities/room';
import { authorize, type NamedActor } from '../../authorize';
import type { Clock } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { LiveSocket } from '../../realtime/live-socket';
import type { ChatImageStore } from '../images';
import type { VoiceNotesService } from '../voice-notes';
import {
  barredError,
  postingError,
  type FloodTicket,
  type MessageFlood,
  type ModerationLog,
  type ReportsService,
  type ScreenedMessage,
  type WordFilterService,
} from '../moderation';
import type { Writes } from '../module';
import type { PresenceService } from '../presence';
import type { RoomsService } from '../rooms';
import { toPublicUser, type LiveUser, type LiveUsers, type UsersRepo } from '../users';
import { toMessage } from './messages.presenter';
import type { MessageIds } from './message-ids';
import type { MessageWrites } from './message-writes';
import type { MessagesRepo, MessageWithSender, NewPublicMessage } from './messages.repo';
import { createRecentSends } from './recent-sends';

/** Most deleted ids one `/since` reply lists (a client caches at most 300 messages per room). */
const MESSAGES_CACHE_RECONCILE_LIMIT = 500;

/** What a pin shows of a message's text. */
function pinExcerpt(content: string): string {
  const chars = [...content];
  return chars.length > ROOM_TOOLS.pinExcerptLength
    ? `${chars.slice(0, ROOM_TOOLS.pinExcerptLength).join('')}…`
    : content;
}

/** Who posts a message: the user, and the device their socket or session named (flood control). */
export interface Author {
  userId: number;
  deviceId: string | null;
}

/**
 * What the social features add to room messages (reactions, replies, ignore): optional, so the
 * messages module stands without them.
 */
export interface MessageExtras {
  decorate(viewerId: number | null, page: { message: Message; replyToId: number | null }[]): Promise<Message[]>;
  requireQuotable(roomId: string, replyToId: number): Promise<unknown>;
  /** The senders whose messages `viewerId` does not see (the people they ignore). */
  hiddenSenders(viewerId: number): Promise<number[]>;
}

/** What a sender sends: the rest (id, sender, attachments, time) the server adds. */
export type SentMessage = Omit<NewPublicMessage, 'id' | 'senderId' | 'attachments' | 'createdAt'>;

export function createMessagesService(deps: {
  repo: MessagesRepo;
  ids: MessageIds;
  /** Where a posted message is written (in small groups: `message-writes.ts`). */
  storage: Pick<MessageWrites, 'store'>;
  rooms: RoomsService;
  presence: PresenceService;
  liveUsers: LiveUsers;
  flood: MessageFlood;
  words: WordFilterService;
  reports: ReportsService;
  writes: Writes;
  bus: DomainEventBus;
  users: UsersRepo;
  log: ModerationLog;
  /** Pictures in messages: an image message's address checked, a legacy data-image converted. */
  images: Pick<ChatImageStore, 'resolve'>;
  /** Voice notes (issue 22): a voice message's note checked and taken, then held by the message. */
  voiceNotes?: Pick<VoiceNotesService, 'resolve' | 'attach'>;
  clock: Clock;
  extras?: MessageExtras;
  onError: (error: unknown) => void;
  /** The room the user's last join put them in (the HTTP send may post only there). */
  currentRoomOf?: (userId: number) => Promise<string | null>;
  /** A page that reads a room by polling (it cannot hold a socket) is in that room, as after a join. */
  enteredByPolling?: (userId: number, roomId: string) => void;
}) {
  const { extras } = deps;
  const { repo, ids, rooms, presence, liveUsers, flood, words, reports, writes, bus, users, log, clock } = deps;
  /** This node's sends by sender and clientMessageId, so a retry is answered without a second announcement. */
  const recentSends = createRecentSends();

  function resolveVoice(actor: Actor, content: string, clientMessageId: string | null) {
    if (!deps.voiceNotes) throw new AppError('VOICE_NOTE_NOT_FOUND', 400);
    return deps.voiceNotes.resolve(actor, content, clientMessageId);
  }

  async function present(rows: MessageWithSender[], viewerId: number | null = null): Promise<Message[]> {
    if (extras && viewerId !== null) {
      const hidden = new Set(await extras.hiddenSenders(viewerId));
      if (hidden.size > 0) rows = rows.filter((r) => !hidden.has(r.sender.id));
    }
    const online = await presence.onlineUserIds([...new Set(rows.map((r) => r.sender.id))]);
    const list = rows.map(({ message, sender }) => toMessage(message, toPublicUser(sender, online.has(sender.id))));
    if (!extras) return list;
    return extras.decorate(
      viewerId,
      list.map((message, i) => ({ message, replyToId: rows[i]!.message.replyToId })),
    );
  }

  /**
   * The one way a room message is stored, whichever way it came (the caller checked the user may
   * be in the room): the user's current sanctions and the room's current locks, flood control,
   * and the word filter (refused, or stored masked; a flagged word raises a report).
   *
   * The room hears it before its row commits (its id is taken first), so nobody waits for the
   * disk; the sender's answer waits for the commit, so an acknowledged message is stored. If the
   * write fails, the room is told to take it back (`message.withdrawn`) and the sender's page
   * keeps it to send again. A retried send (same clientMessageId) returns the stored message and
   * is not announced again.
   */
  async function post(sender: LiveUser, deviceId: string | null, sent: SentMessage): Promise<Message> {
    const key = sent.clientMessageId === null ? null : `${sender.row.id}:${sent.clientMessageId}`;
    const earlier = key === null ? undefined : recentSends.get(key);
    if (earlier) return earlier;
    const posting = postOnce(sender, deviceId, sent);
    if (key === null) return posting;
    recentSends.remember(key, posting);
    return posting;
  }

  async function postOnce(sender: LiveUser, deviceId: string | null, sent: SentMessage): Promise<Message> {
    const restricted = postingError(sender.restrictions, clock.now());
    if (restricted) throw restricted;
    await rooms.requirePostable(sender.actor, sent.roomId);
    if (sent.replyToId && extras) await extras.requireQuotable(sent.roomId, sent.replyToId);
    const input = {
      ...sent,
      ...(sent.messageType === 'voice'
        ? await resolveVoice(sender.actor, sent.content, sent.clientMessageId)
        : await deps.images.resolve(sender.row.id, sent.messageType, sent.content)),
    };
    let screened: ScreenedMessage;
    let ticket: FloodTicket;
    try {
      ticket = await flood.check({ userId: sender.row.id, role: sender.actor.role, deviceId }, input.content);
      // A picture's or voice note's address is ours: no words to screen.
      screened =
        input.messageType === 'image' || input.messageType === 'voice'
          ? { content: input.content, flagged: [] }
          : await words.screenMessage(input.content);
      // Last, so that a message refused for another reason does not use up the sender's turn.
      await rooms.takeSlowModeTurn(sender.actor, input.roomId);
    } catch (refusal) {
      // A retry of a message already stored (its acknowledgement was lost) is not a new message:
      // it gets the stored one back, whatever the flood or the word list say now.
      const stored = input.clientMessageId ? await repo.findSent(sender.row.id, input.clientMessageId) : undefined;
      if (stored?.roomId === input.roomId) return toMessage(stored, sender.public);
      throw refusal;
    }
    // Not stored here (the database unreachable, or stored by another try): not counted either, so
    // the page's retry is not taken for a repeat or a flood.
    const uncount = () => ticket.refund().catch(() => undefined);
    const notStored = async (error: unknown): Promise<never> => {
      await uncount();
      throw error;
    };
    const id = await ids.next().catch(notStored);
    const values: NewPublicMessage = {
      ...input,
      id,
      content: screened.content,
      senderId: sender.row.id,
      createdAt: new Date(clock.now()),
    };
    const draft = repo.draftPublic(values);
    const plain = toMessage(draft, sender.public);
    // A new message has no reactions yet: only a reply needs completing (its quote), so the
    // common message costs no extra query.
    const message =
      extras && draft.replyToId
        ? ((await extras.decorate(null, [{ message: plain, replyToId: draft.replyToId }]).catch(notStored))[0] ?? plain)
        : plain;
    bus.publish('message.posted', { message });
    const withdraw = () =>
      bus.publish('message.withdrawn', { roomId: input.roomId, messageId: id, senderId: sender.row.id });
    const stored = await writes.track(deps.storage.store(values)).catch((error: unknown) => {
      withdraw();
      return notStored(error);
    });
    if (!stored.created) {
      // The same message from another try, stored first (on another node, or over HTTP).
      withdraw();
      await uncount();
      return toMessage(stored.row, sender.public);
    }
    if (input.messageType === 'voice') await deps.voiceNotes?.attach(input.content, draft.id);
    bus.publish('message.created', { message });
    if (screened.flagged.length > 0)
      void writes.track(reports.reportFlaggedWords(draft, screened.flagged)).catch(deps.onError);
    return message;
  }

  /**
   * Reading a room's messages follows the rule of joining it now: not barred by a sanction (kick,
   * ban, block), and the room enterable for the reader's current role.
   */
  async function requireReadable(userId: number, roomId: string): Promise<void> {
    const reader = await liveUsers.lookup(userId);
    const barred = barredError(reader.restrictions, clock.now());
    if (barred) throw barred;
    await rooms.requireEnterable(reader.actor, roomId);
  }
  return {
    /**
     * Stores a message from the connection's user into the room it is in. See `post` for the rules.
     */
    async sendPublic(socket: LiveSocket, input: SentMessage): Promise<Message> {
      if (socket.roomId !== input.roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      return post(await liveUsers.current(socket.userId), socket.deviceId, input);
    },

    /**
     * Stores a message sent over HTTP (the offline outbox, the polling fallback). No socket may be
     * live then, so instead of "in the room on this connection" the room must be the one the
     * user's last join put them in, and they must be allowed to enter it now: the same rule as
     * joining it (not barred, room enterable for the role).
     */
    async sendQueued(author: Author, input: SentMessage): Promise<Message> {
      const sender = await liveUsers.lookup(author.userId);
      const barred = barredError(sender.restrictions, clock.now());
      if (barred) throw barred;
      await rooms.requireEnterable(sender.actor, input.roomId);
      // Only into the room the user is in now (their last join), as over the socket: not any room
      // they could enter. The outbox's messages were written in that room, so they still go.
      if (deps.currentRoomOf && (await deps.currentRoomOf(author.userId)) !== input.roomId)
        throw new AppError('ROOM_NOT_JOINED', 403);
      return post(sender, author.deviceId, input);
    },
    /**
     * Its sender edits a text message of a room, within the edit window: the sending rules hold
     * (sanctions, the room's locks), the word filter runs again (refused, or stored masked; a
     * flagged word raises a report). The earlier text goes to the moderation log for staff; the
     * room (except those who ignore the sender) sees the new one.
     */
    async edit(
      actor: Actor,
      messageId: number,
      content: string,
    ): Promise<{ messageId: number; content: string; editedAt: string }> {
      const found = await repo.findShown(messageId);
      const roomId = found?.message.roomId;
      if (!found || !roomId || found.message.isPrivate) throw new AppError('MESSAGE_NOT_FOUND', 404);
      const { message, sender } = found;
      authorize(actor, 'editMessage', sender);
      if (message.messageType !== 'text') throw new AppError('MESSAGE_NOT_EDITABLE', 400);
      const now = clock.now();
      if (!withinEditWindow(message.createdAt, now)) throw new AppError('MESSAGE_EDIT_EXPIRED', 403);
      const editor = await liveUsers.lookup(actor.id);
      const restricted = postingError(editor.restrictions, now);
      if (restricted) throw restricted;
      await rooms.requirePostable(editor.actor, roomId);
      const screened = await words.screenMessage(content);
      if (screened.content === message.content) throw new AppError('NOTHING_TO_UPDATE', 400);
      const row = await writes.track(repo.updateContent(messageId, screened.content, new Date(now)));
      if (!row?.editedAt) throw new AppError('MESSAGE_NOT_FOUND', 404);
      const editedAt = row.editedAt.toISOString();
      await log.record({
        actor: { id: sender.id, username: sender.username },
        action: 'editMessage',
        target: sender,
        roomId,
        details: { messageId, previous: message.content, excerpt: row.content.slice(0, 300) },
      });
      bus.publish('message.edited', { roomId, messageId, senderId: sender.id, content: row.content, editedAt });
      await rooms.pinnedMessageChanged(roomId, messageId, pinExcerpt(row.content));
      if (screened.flagged.length > 0)
        void writes.track(reports.reportFlaggedWords(row, screened.flagged)).catch(deps.onError);
      return { messageId, content: row.content, editedAt };
    },

    /** Deletes a message: its author, or staff above its author. The room sees it go at once. */
    async remove(actor: Actor, messageId: number): Promise<void> {
      const found = await repo.findShown(messageId);
      const roomId = found?.message.roomId;
      if (!found || !roomId) throw new AppError('MESSAGE_NOT_FOUND', 404);
      const { message, sender } = found;
      authorize(actor, 'deleteMessage', sender);
      if (!(await repo.markDeleted(message.id, actor.id, new Date(clock.now()))))
        throw new AppError('MESSAGE_NOT_FOUND', 404);
      if (actor.id !== sender.id) {
        const actorRow = await users.findById(actor.id);
        await log.record({
          actor: { id: actor.id, username: actorRow?.username ?? MODERATION.defaultModerator },
          action: 'deleteMessage',
          target: sender,
          roomId,
          details: { messageId: message.id, excerpt: message.content.slice(0, 300) },
        });
      }
      bus.publish('message.deleted', { roomId, messageId: message.id });
      await rooms.pinnedMessageChanged(roomId, message.id, null);
    },

    /** Staff pin a shown message of the room (rooms holds the pins and who may). */
    async pin(actor: NamedActor, roomId: string, messageId: number): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const found = await repo.findShown(messageId);
      if (!found) throw new AppError('MESSAGE_NOT_FOUND', 404);
      if (found.message.roomId !== roomId || found.message.isPrivate) throw new AppError('MESSAGE_NOT_IN_ROOM', 400);
      const { message, sender } = found;
      return rooms.pin(actor, roomId, {
        id: message.id,
        senderId: sender.id,
        senderName: sender.username,
        excerpt:
          message.messageType === 'image' ? '📷' : message.messageType === 'voice' ? '🎤' : pinExcerpt(message.content),
      });
    },

    async latest(actor: Actor, roomId: string, limit: number): Promise<Message[]> {
      await requireReadable(actor.id, roomId);
      return present(await repo.latestInRoom(roomId, limit), actor.id);
    },

    async before(
      actor: Actor,
      roomId: string,
      beforeId: number,
      limit: number,
    ): Promise<{ messages: Message[]; hasMore: boolean }> {
      await requireReadable(actor.id, roomId);
      const { rows, hasMore } = await repo.beforeInRoom(roomId, beforeId, limit);
      return { messages: await present(rows, actor.id), hasMore };
    },

    /**
     * Messages of a room whose words begin with every term, newest first: read under the rule of
     * its history (a room the reader may not enter is refused as it is there).
     */
    async search(
      actor: Actor,
      roomId: string,
      terms: readonly string[],
      before: number | undefined,
    ): Promise<{ messages: Message[]; hasMore: boolean }> {
      await requireReadable(actor.id, roomId);
      const { rows, hasMore } = await repo.searchInRoom(roomId, terms, before, SEARCH.page);
      return { messages: await present(rows, actor.id), hasMore };
    },

    /** A message in its context (jumping to a search result), under the rule of the room's history. */
    async around(
      actor: Actor,
      roomId: string,
      id: number,
      limit: number,
    ): Promise<{ messages: Message[]; hasOlder: boolean; hasNewer: boolean }> {
      await requireReadable(actor.id, roomId);
      const found = await repo.aroundInRoom(roomId, id, limit);
      if (!found) throw new AppError('MESSAGE_NOT_FOUND', 404);
      return { messages: await present(found.rows, actor.id), hasOlder: found.hasOlder, hasNewer: found.hasNewer };
    },

    /**
     * The polling fallback's read (`/since` over HTTP, no socket): the rule of joining the room
     * now, as for `sendQueued` (not barred by a sanction, room enterable for the role), then what
     * came after `sinceId`; with `fromId`, also what was deleted in the range the caller holds, or
     * with `changedAfter` (the previous reply's `serverTime`), what was edited or deleted since.
     */
    async poll(
      userId: number,
      roomId: string,
      range: { sinceId: number; limit: number; fromId?: number; changedAfter?: number },
    ): Promise<{ messages: Message[]; deletedIds?: number[]; edited?: EditedMessage[]; serverTime: number }> {
      await requireReadable(userId, roomId);
      deps.enteredByPolling?.(userId, roomId);
      // Taken before reading: a change made during the reads comes again next time, never missed.
      const serverTime = clock.now();
      const messages = await present(await repo.sinceInRoom(roomId, range.sinceId, range.limit), userId);
      if (range.fromId === undefined || range.fromId > range.sinceId) return { messages, serverTime };
      if (range.changedAfter === undefined) {
        const deletedIds = await repo.deletedInRoom(
          roomId,
          range.fromId,
          range.sinceId,
          MESSAGES_CACHE_RECONCILE_LIMIT,
        );
        return { messages, deletedIds, serverTime };
      }
      const changed = await repo.changedInRoom(
        roomId,
        range.fromId,
        range.sinceId,
        new Date(range.changedAfter),
        MESSAGES_CACHE_RECONCILE_LIMIT,
      );
      return {
        messages,
        deletedIds: changed.filter((row) => row.deletedAt).map((row) => row.id),
        edited: changed.flatMap((row) =>
          !row.deletedAt && row.editedAt
            ? [{ messageId: row.id, content: row.content, editedAt: row.editedAt.toISOString() }]
            : [],
        ),
        serverTime,
      };
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
