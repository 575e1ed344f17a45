import type { Message } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';
import type { Role } from '../../../shared/roles';
import { AppError } from '../../http/errors';
import type { PresenceService } from '../presence/presence.service';
import type { RoomsService } from '../rooms/rooms.service';
import { toPublicUser } from '../users/users.presenter';
import type { FloodGuard } from './flood';
import { toMessage } from './messages.presenter';
import type { MessagesRepo, MessageWithSender, NewPublicMessage } from './messages.repo';

export interface Writes {
  track<T>(work: Promise<T>): Promise<T>;
}

export function createMessagesService(deps: {
  repo: MessagesRepo;
  rooms: RoomsService;
  presence: PresenceService;
  flood: FloodGuard;
  writes: Writes;
}) {
  const { repo, rooms, presence, flood, writes } = deps;

  async function present(rows: MessageWithSender[]): Promise<Message[]> {
    const online = await presence.onlineUserIds([...new Set(rows.map((r) => r.sender.id))]);
    return rows.map(({ message, sender }) => toMessage(message, toPublicUser(sender, online.has(sender.id))));
  }

  return {
    /**
     * Stores a message from `sender` into the room their socket is in. Returns the message and
     * whether it is new (false for a retried send, which must not be broadcast twice).
     */
    async sendPublic(
      socketId: string,
      sender: PublicUser,
      input: Omit<NewPublicMessage, 'senderId'>,
    ): Promise<{ message: Message; created: boolean }> {
      if (presence.roomOf(socketId) !== input.roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      await rooms.requireEnterable(input.roomId, sender.role);
      if (!flood.take(sender.id)) throw new AppError('MESSAGE_RATE_LIMITED', 429);
      const { row, created } = await writes.track(repo.insertPublic({ ...input, senderId: sender.id }));
      return { message: toMessage(row, sender), created };
    },

    async latest(roomId: string, limit: number, role: Role): Promise<Message[]> {
      await rooms.requireEnterable(roomId, role);
      return present(await repo.latestInRoom(roomId, limit));
    },

    async since(roomId: string, sinceId: number, limit: number, role: Role): Promise<Message[]> {
      await rooms.requireEnterable(roomId, role);
      return present(await repo.sinceInRoom(roomId, sinceId, limit));
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
