import type { Message } from '../../../shared/entities/message';
import { MODERATION } from '../../../shared/entities/moderation';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { ModerationLog } from '../moderation/moderation-log';
import { postingError } from '../moderation/restrictions';
import type { UsersRepo } from '../users/users.repo';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import type { TokenBuckets } from '../../limits/token-buckets';
import type { Connection } from '../../realtime/connection';
import type { PresenceService } from '../presence/presence.service';
import type { RoomsService } from '../rooms/rooms.service';
import type { LiveUsers } from '../users/live-users';
import { toPublicUser } from '../users/users.presenter';
import { toMessage } from './messages.presenter';
import type { MessagesRepo, MessageWithSender, NewPublicMessage } from './messages.repo';

export interface Writes {
  track<T>(work: Promise<T>): Promise<T>;
}

export function createMessagesService(deps: {
  repo: MessagesRepo;
  rooms: RoomsService;
  presence: PresenceService;
  liveUsers: LiveUsers;
  flood: TokenBuckets<number>;
  writes: Writes;
  bus: DomainEventBus;
  users: UsersRepo;
  log: ModerationLog;
  clock: Clock;
}) {
  const { repo, rooms, presence, liveUsers, flood, writes, bus, users, log, clock } = deps;

  async function present(rows: MessageWithSender[]): Promise<Message[]> {
    const online = await presence.onlineUserIds([...new Set(rows.map((r) => r.sender.id))]);
    return rows.map(({ message, sender }) => toMessage(message, toPublicUser(sender, online.has(sender.id))));
  }

  return {
    /**
     * Stores a message from the connection's user into the room it is in, with the user's
     * current role and the room's current locks. A retried send (same clientMessageId) returns
     * the stored message and is not announced again.
     */
    async sendPublic(conn: Connection, input: Omit<NewPublicMessage, 'senderId'>): Promise<Message> {
      if (conn.roomId !== input.roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      const sender = await liveUsers.current(conn.userId);
      const restricted = postingError(sender.restrictions, clock.now());
      if (restricted) throw restricted;
      await rooms.requirePostable(sender.actor, input.roomId);
      if (!flood.take(sender.row.id)) throw new AppError('MESSAGE_RATE_LIMITED', 429);
      const { row, created } = await writes.track(repo.insertPublic({ ...input, senderId: sender.row.id }));
      const message = toMessage(row, sender.public);
      if (created) bus.publish('message.created', { message });
      return message;
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
    },

    async latest(actor: Actor, roomId: string, limit: number): Promise<Message[]> {
      await rooms.requireEnterable(actor, roomId);
      return present(await repo.latestInRoom(roomId, limit));
    },

    async since(actor: Actor, roomId: string, sinceId: number, limit: number): Promise<Message[]> {
      await rooms.requireEnterable(actor, roomId);
      return present(await repo.sinceInRoom(roomId, sinceId, limit));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
