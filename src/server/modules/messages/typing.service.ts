import type { Clock } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import type { Connection } from '../../realtime/connection';
import type { LiveUsers } from '../users/live-users';

/** A client announces typing at most this often; the indicator clears on its own after 3 s. */
const TYPING_GAP_MS = 1000;

/** The typing rule: only in the room the socket is in, and not more than once a second. */
export function createTypingService(deps: { liveUsers: LiveUsers; bus: DomainEventBus; clock: Clock }) {
  const { liveUsers, bus, clock } = deps;
  return {
    async set(conn: Connection, roomId: string, isTyping: boolean): Promise<void> {
      if (conn.roomId !== roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      const now = clock.now();
      if (isTyping && now - conn.lastTypingAt < TYPING_GAP_MS) return;
      conn.lastTypingAt = isTyping ? now : 0;
      const { row } = await liveUsers.current(conn.userId);
      bus.publish('typing.changed', { roomId, userId: row.id, username: row.username, isTyping });
    },
  };
}

export type TypingService = ReturnType<typeof createTypingService>;
