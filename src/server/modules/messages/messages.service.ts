import type { Message } from '../../../shared/entities/message';
import type { Actor } from '../../../shared/policy';
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
}) {
  const { repo, rooms, presence, liveUsers, flood, writes, bus } = deps;

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
      await rooms.requirePostable(sender.actor, input.roomId);
      if (!flood.take(sender.row.id)) throw new AppError('MESSAGE_RATE_LIMITED', 429);
      const { row, created } = await writes.track(repo.insertPublic({ ...input, senderId: sender.row.id }));
      const message = toMessage(row, sender.public);
      if (created) bus.publish('message.created', { message });
      return message;
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
