import type { Clock } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { LiveSocket } from '../../realtime/live-socket';
import type { LiveUsers } from '../users';

/** A client announces typing at most this often; the indicator clears on its own after 3 s. */
const TYPING_GAP_MS = 1000;

/** The typing rule: only in the room the socket is in, and not more than once a second. */
export function createTypingService(deps: { liveUsers: LiveUsers; bus: DomainEventBus; clock: Clock }) {
  const { liveUsers, bus, clock } = deps;
  return {
    async set(socket: LiveSocket, roomId: string, isTyping: boolean): Promise<void> {
      if (socket.roomId !== roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      const now = clock.now();
      if (isTyping && now - socket.lastTypingAt < TYPING_GAP_MS) return;
      socket.lastTypingAt = isTyping ? now : 0;
      const { row } = await liveUsers.current(socket.userId);
      bus.publish('typing.changed', { roomId, userId: row.id, username: row.username, isTyping });
    },
  };
}

export type TypingService = ReturnType<typeof createTypingService>;
