import type { Clock, Timer } from '../../clock';
import type { PresenceService } from './presence.service';
import type { AppServer } from '../../realtime/types';

/**
 * Room counts go to everyone, but not on every join: changes are gathered and sent at most once
 * per interval, one `roomUpdate` per changed room, so a busy site does not flood every client.
 */
export function createRoomCountBroadcaster(io: AppServer, presence: PresenceService, intervalMs: number, clock: Clock) {
  const changed = new Set<string>();
  let timer: Timer | undefined;

  async function flush(): Promise<void> {
    timer = undefined;
    const roomIds = [...changed];
    changed.clear();
    const counts = await presence.roomCounts();
    for (const roomId of roomIds) {
      io.emit('roomUpdate', { type: 'userCountUpdate', roomId, userCount: counts.get(roomId) ?? 0 });
    }
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
