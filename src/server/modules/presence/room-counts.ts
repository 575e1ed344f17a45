import type { Clock, Timer } from '../../clock';
import type { PresenceService } from './presence.service';
import type { AppServer } from '../../realtime/types';

/**
 * Room counts go to everyone, but not on every join: changes are gathered and sent at most once
 * per interval in one `roomUpdate` (`userCountUpdate` for one room, `userCounts` for several), so
 * a busy site (everyone coming back after a restart) costs each client one event per interval.
 */
export function createRoomCountBroadcaster(io: AppServer, presence: PresenceService, intervalMs: number, clock: Clock) {
  const changed = new Set<string>();
  let timer: Timer | undefined;

  async function flush(): Promise<void> {
    timer = undefined;
    const roomIds = [...changed];
    changed.clear();
    if (roomIds.length === 0) return;
    const counts = await presence.roomCounts();
    const countOf = (roomId: string) => counts.get(roomId) ?? 0;
    if (roomIds.length === 1) {
      const [roomId] = roomIds as [string];
      io.emit('roomUpdate', { type: 'userCountUpdate', roomId, userCount: countOf(roomId) });
      return;
    }
    io.emit('roomUpdate', {
      type: 'userCounts',
      counts: Object.fromEntries(roomIds.map((roomId) => [roomId, countOf(roomId)])),
    });
  }

  return {
    markChanged(roomId: string): void {
      changed.add(roomId);
      timer ??= clock.after(intervalMs, () => void flush().catch(() => undefined));
    },
    stop(): void {
      timer?.cancel();
    },
  };
}
