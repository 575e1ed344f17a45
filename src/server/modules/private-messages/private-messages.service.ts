import type { ConversationSummary, SendPrivateMessageBody } from '../../../shared/api/private-messages';
import { withinEditWindow, type Attachment, type Message } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';
import { SEARCH } from '../../../shared/text/search';
import { can, type Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { LiveSocket } from '../../realtime/live-socket';
import type { ChatImageStore } from '../images';
import type { VoiceNotesService } from '../voice-notes';
import { toMessage } from '../messages';
import {
  postingError,
  restrictionsOf,
  type FloodTicket,
  type MessageFlood,
  type ModerationLog,
  type ReportsService,
  type SanctionsRepo,
  type ScreenedMessage,
  type WordFilterService,
} from '../moderation';
import type { Writes } from '../module';
import type { PresenceService } from '../presence';
import { toPublicUser, type LiveUsers, type UsersRepo } from '../users';
import type { PrivateMessagesRepo } from './private-messages.repo';

/** A client announces private typing at most this often (as in rooms); the indicator clears after 3 s. */
const TYPING_GAP_MS = 1000;

/** Who sends over HTTP: the session's current user row and the device the session was opened on. */
export interface PrivateSender {
  row: UserRow;
  deviceId: string | null;
}

export function createPrivateMessagesService(deps: {
  repo: PrivateMessagesRepo;
  users: UsersRepo;
  sanctions: Pick<SanctionsRepo, 'inForceOnUsers'>;
  presence: PresenceService;
  liveUsers: LiveUsers;
  flood: MessageFlood;
  words: WordFilterService;
  reports: ReportsService;
  writes: Writes;
  bus: DomainEventBus;
  /** Where an edit's earlier text is kept for staff. */
  log: Pick<ModerationLog, 'record'>;
  /** Pictures in messages: an image message's address checked, a legacy data-image converted. */
  images: Pick<ChatImageStore, 'resolve'>;
  /** Voice notes (issue 22): a voice message's note checked and taken, then held by the message. */
  voiceNotes?: Pick<VoiceNotesService, 'resolve' | 'attach'>;
  clock: Clock;
  /** Friendship and ignore (optional: without them, 'friends only' admits only staff). */
  people?: {
    areFriends(a: number, b: number): Promise<boolean>;
    ignores(userId: number, targetId: number): Promise<boolean>;
  };
  onError: (error: unknown) => void;
}) {
  const { people } = deps;
  /** The receiver as the rule reads them: with whether they count the sender as a friend. */
  async function asReceiver(senderId: number, receiver: UserRow) {
    const isFriend =
      receiver.privateMessagesFrom === 'friends' && people ? await people.areFriends(senderId, receiver.id) : false;
    return { ...receiver, isFriend };
  }
  const { repo, users, sanctions, presence, liveUsers, flood, words, reports, writes, bus, clock } = deps;

  async function findUser(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  function resolveVoice(actor: Actor, content: string, clientMessageId: string | null) {
    if (!deps.voiceNotes) throw new AppError('VOICE_NOTE_NOT_FOUND', 400);
    return deps.voiceNotes.resolve(actor, content, clientMessageId);
  }

  /** Nobody reads or lists conversations but their own, whatever the URL says. */
  function requireSelf(actor: Actor, userId: number): void {
    if (actor.id !== userId) throw new AppError('CONVERSATION_NOT_YOURS', 403);
  }

  /** A private message with its sender's public profile (either of the two people). */
  function present(row: Parameters<typeof toMessage>[0], people: Map<number, UserRow>, online: Set<number>) {
    const sender = people.get(row.senderId);
    return toMessage(row, sender ? toPublicUser(sender, online.has(sender.id)) : null);
  }

  /** A message between `a` and `b`, with its sender's profile and presence now. */
  async function presentOne(row: Parameters<typeof toMessage>[0], a: UserRow, b: UserRow): Promise<Message> {
    const online = await presence.onlineUserIds([a.id, b.id]);
    return present(
      row,
      new Map([
        [a.id, a],
        [b.id, b],
      ]),
      online,
    );
  }

  return {
    /**
     * Sends a private message from the session's user: not while muted or barred, only to someone
     * whose setting admits them (staff always), within the same flood allowance as room messages
     * (guests' is smaller), through the word filter. Stored once per clientMessageId: a retried
     * send returns the stored message and is not announced again. `attached` (another module's:
     * a story's reply) is added to the message's own attachments.
     */
    async send(
      sender: PrivateSender,
      input: SendPrivateMessageBody,
      attached: readonly Attachment[] = [],
    ): Promise<Message & { receiverId: number }> {
      const now = clock.now();
      const restricted = postingError(
        restrictionsOf(await sanctions.inForceOnUsers([sender.row.id], new Date(now)), sender.row.id),
        now,
      );
      if (restricted) throw restricted;
      const actor: Actor = { id: sender.row.id, role: sender.row.role };
      if (input.receiverId === actor.id) throw new AppError('CANNOT_TARGET_SELF', 403);
      const receiver = await findUser(input.receiverId);
      authorize(actor, 'sendPrivateMessage', await asReceiver(actor.id, receiver));
      // Ignored by the receiver: stored for the sender's own history, never delivered or counted
      // for the receiver; the sender cannot tell the difference.
      const quietly = people ? await people.ignores(receiver.id, actor.id) : false;
      const clientMessageId = input.clientMessageId ?? null;
      const resolved =
        input.messageType === 'voice'
          ? await resolveVoice(actor, input.content, clientMessageId)
          : await deps.images.resolve(actor.id, input.messageType, input.content);
      let screened: ScreenedMessage;
      let ticket: FloodTicket;
      try {
        ticket = await flood.check({ userId: actor.id, role: actor.role, deviceId: sender.deviceId }, resolved.content);
        // A picture's or voice note's address is ours: no words to screen.
        screened =
          resolved.messageType === 'image' || resolved.messageType === 'voice'
            ? { content: resolved.content, flagged: [] }
            : await words.screenMessage(resolved.content);
      } catch (refusal) {
        // A retry of a message already stored (its answer was lost) gets the stored one back.
        const stored = clientMessageId ? await repo.findSent(actor.id, clientMessageId) : undefined;
        if (stored?.isPrivate && stored.receiverId === receiver.id)
          return { ...(await presentOne(stored, sender.row, receiver)), receiverId: receiver.id };
        throw refusal;
      }
      const { row, created } = await writes
        .track(
          repo.insert({
            senderId: actor.id,
            receiverId: receiver.id,
            content: screened.content,
            messageType: resolved.messageType,
            attachments: [...resolved.attachments, ...attached],
            textColor: input.textColor,
            bold: input.bold,
            clientMessageId,
            // Millisecond precision, like the ISO times clients page back with (`beforeTs`).
            createdAt: new Date(now),
            quietly,
          }),
        )
        .catch(async (error: unknown) => {
          // Not stored (the database unreachable): not counted either, so the retry is not a repeat.
          await ticket.refund().catch(() => undefined);
          throw error;
        });
      // The same id was used for another message (a room one, or to someone else): not a retry.
      if (!row.isPrivate || row.receiverId !== receiver.id) throw new AppError('CLIENT_MESSAGE_ID_REUSED', 409);
      if (resolved.messageType === 'voice') await deps.voiceNotes?.attach(resolved.content, row.id);
      const message = { ...(await presentOne(row, sender.row, receiver)), receiverId: receiver.id };
      if (created) {
        bus.publish('privateMessage.created', { message, quietly });
        if (screened.flagged.length > 0)
          void writes.track(reports.reportFlaggedWords(row, screened.flagged)).catch(deps.onError);
      }
      return message;
    },

    /**
     * Its sender edits a private text message within the edit window: not while muted or barred,
     * through the word filter again. Both people's tabs see the new text (only the sender's when
     * the receiver ignores them); the earlier text goes to the moderation log.
     */
    async edit(
      actor: Actor,
      messageId: number,
      content: string,
    ): Promise<{ messageId: number; content: string; editedAt: string }> {
      const row = await repo.findShown(messageId);
      if (!row || row.receiverId === null) throw new AppError('MESSAGE_NOT_FOUND', 404);
      const sender = await findUser(row.senderId);
      authorize(actor, 'editMessage', sender);
      if (row.messageType !== 'text') throw new AppError('MESSAGE_NOT_EDITABLE', 400);
      const now = clock.now();
      if (!withinEditWindow(row.createdAt, now)) throw new AppError('MESSAGE_EDIT_EXPIRED', 403);
      const restricted = postingError(
        restrictionsOf(await sanctions.inForceOnUsers([sender.id], new Date(now)), sender.id),
        now,
      );
      if (restricted) throw restricted;
      const screened = await words.screenMessage(content);
      if (screened.content === row.content) throw new AppError('NOTHING_TO_UPDATE', 400);
      const updated = await writes.track(repo.updateContent(messageId, screened.content, new Date(now)));
      if (!updated?.editedAt) throw new AppError('MESSAGE_NOT_FOUND', 404);
      const editedAt = updated.editedAt.toISOString();
      const receiverId = row.receiverId;
      await deps.log.record({
        actor: { id: sender.id, username: sender.username },
        action: 'editMessage',
        target: sender,
        details: { messageId, receiverId, previous: row.content, excerpt: updated.content.slice(0, 300) },
      });
      const quietly = people ? await people.ignores(receiverId, sender.id) : false;
      bus.publish('privateMessage.edited', {
        messageId,
        senderId: sender.id,
        receiverId,
        content: updated.content,
        editedAt,
        quietly,
      });
      if (screened.flagged.length > 0)
        void writes.track(reports.reportFlaggedWords(updated, screened.flagged)).catch(deps.onError);
      return { messageId, content: updated.content, editedAt };
    },

    /** Its sender deletes a private message: it leaves both people's screens. */
    async remove(actor: Actor, messageId: number): Promise<void> {
      const row = await repo.findShown(messageId);
      if (!row || row.receiverId === null) throw new AppError('MESSAGE_NOT_FOUND', 404);
      // Only the sender: staff act on private messages through reports, not by deleting them.
      authorize(actor, 'editMessage', await findUser(row.senderId));
      if (!(await repo.markDeleted(messageId, actor.id, new Date(clock.now()))))
        throw new AppError('MESSAGE_NOT_FOUND', 404);
      bus.publish('privateMessage.deleted', { messageId, senderId: row.senderId, receiverId: row.receiverId });
    },

    /** The caller's conversations, newest first, each with its last message and unread count. */
    async conversations(actor: Actor, userId: number, limit: number): Promise<ConversationSummary[]> {
      requireSelf(actor, userId);
      const [me, entries] = await Promise.all([findUser(actor.id), repo.conversations(actor.id, limit)]);
      const online = await presence.onlineUserIds([actor.id, ...entries.map((e) => e.other.id)]);
      return entries.map(({ conversation, lastMessage, other }) => {
        const otherUser = toPublicUser(other, online.has(other.id));
        const sender = lastMessage.senderId === other.id ? otherUser : toPublicUser(me, online.has(me.id));
        return {
          otherUserId: other.id,
          otherUser,
          lastMessage: toMessage(lastMessage, sender),
          unreadCount: conversation.unreadCount,
        };
      });
    },

    /** A page of the caller's conversation with `otherId`, oldest first. */
    async page(
      actor: Actor,
      userId: number,
      otherId: number,
      query: { limit: number; beforeTs?: Date; beforeId?: number },
    ): Promise<{ messages: Message[]; hasMore: boolean; otherReadUpTo: number }> {
      requireSelf(actor, userId);
      const [me, other] = await Promise.all([findUser(actor.id), findUser(otherId)]);
      const before = query.beforeTs ? { ts: query.beforeTs, id: query.beforeId } : undefined;
      const [page, theirs, online, ignoring] = await Promise.all([
        repo.page(me.id, other.id, query.limit, before),
        repo.conversation(other.id, me.id),
        presence.onlineUserIds([me.id, other.id]),
        deps.people ? deps.people.ignores(me.id, other.id) : Promise.resolve(false),
      ]);
      const { hasMore } = page;
      // Someone the reader ignores: their messages are not shown (those sent since were never delivered).
      const rows = ignoring ? page.rows.filter((row) => row.senderId !== other.id) : page.rows;
      const people = new Map([
        [me.id, me],
        [other.id, other],
      ]);
      return {
        messages: rows.map((row) => present(row, people, online)),
        hasMore,
        otherReadUpTo: theirs?.lastReadMessageId ?? 0,
      };
    },

    /**
     * The caller's own private messages (sent or received, never anyone else's) whose words begin
     * with every term, newest first; those of people the caller ignores are left out, as in the
     * conversation. With the people they name (the other side of each conversation).
     */
    async search(
      actor: Actor,
      terms: readonly string[],
      before: number | undefined,
    ): Promise<{ messages: Message[]; hasMore: boolean; people: PublicUser[] }> {
      const { rows, hasMore } = await repo.search(actor.id, terms, before, SEARCH.page);
      const everyone = new Map<number, UserRow>();
      for (const { sender, receiver } of rows) {
        everyone.set(sender.id, sender);
        everyone.set(receiver.id, receiver);
      }
      const others = [...everyone.keys()].filter((id) => id !== actor.id);
      const [online, ignored] = await Promise.all([
        presence.onlineUserIds([...everyone.keys()]),
        people
          ? Promise.all(others.map(async (id) => ((await people.ignores(actor.id, id)) ? id : null)))
          : Promise.resolve([]),
      ]);
      const hidden = new Set(ignored.filter((id): id is number => id !== null));
      return {
        messages: rows
          .filter(({ message }) => !hidden.has(message.senderId))
          .map(({ message }) => present(message, everyone, online)),
        hasMore,
        people: [...everyone.values()].map((user) => toPublicUser(user, online.has(user.id))),
      };
    },

    /**
     * Marks the caller's conversation with `otherId` read: their other tabs clear the badge and the
     * other person sees it read. Nothing to mark (no conversation yet) is not an error.
     */
    async markRead(actor: Actor, otherId: number): Promise<number> {
      if (otherId === actor.id) throw new AppError('CANNOT_TARGET_SELF', 403);
      await findUser(otherId);
      const lastReadMessageId = await repo.markRead(actor.id, otherId);
      if (lastReadMessageId === null) return 0;
      bus.publish('conversation.read', { readerId: actor.id, otherUserId: otherId, lastReadMessageId });
      return lastReadMessageId;
    },

    /**
     * Relays typing to the other person's tabs, at most once a second per socket, and only to
     * someone the typist may message (otherwise dropped quietly: typing is no way around the setting).
     */
    async typing(socket: LiveSocket, targetUserId: number, isTyping: boolean): Promise<void> {
      const now = clock.now();
      if (isTyping && now - socket.lastPrivateTypingAt < TYPING_GAP_MS) return;
      socket.lastPrivateTypingAt = isTyping ? now : 0;
      if (targetUserId === socket.userId) return;
      const [typist, target] = await Promise.all([liveUsers.current(socket.userId), users.findById(targetUserId)]);
      if (!target || !can(typist.actor, 'sendPrivateMessage', await asReceiver(typist.row.id, target))) return;
      if (people && (await people.ignores(target.id, typist.row.id))) return;
      bus.publish('privateTyping.changed', { userId: typist.row.id, targetUserId, isTyping });
    },
  };
}

export type PrivateMessagesService = ReturnType<typeof createPrivateMessagesService>;
