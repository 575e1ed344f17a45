import type { Clock } from '../../clock';
import type { UsersRepo } from './users.repo';

/**
 * Remembers which room each user is in without a database write per join: changes are kept in
 * memory (the latest per user wins) and written together every `intervalMs`.
 */
export function createCurrentRoomWriter(
  users: UsersRepo,
  intervalMs: number,
  clock: Clock,
  onError: (error: unknown) => void,
) {
  let pending = new Map<number, string | null>();
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const entries = [...pending].map(([id, roomId]) => ({ id, roomId }));
    pending = new Map();
    writing = writing.then(() => users.setCurrentRooms(entries)).catch(onError);
    return writing;
  }

  const timer = clock.every(intervalMs, () => void flush());

  return {
    record(userId: number, roomId: string | null): void {
      pending.set(userId, roomId);
    },
    /** The room last recorded for the user on this node and not yet written, if any. */
    pendingFor(userId: number): string | null | undefined {
      return pending.get(userId);
    },
    /** Writes what is pending; on shutdown, before the database closes. */
    async close(): Promise<void> {
      timer.cancel();
      await flush();
    },
  };
}

export type CurrentRoomWriter = ReturnType<typeof createCurrentRoomWriter>;
