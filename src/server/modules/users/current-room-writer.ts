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
  /** Handed to the database, its write not finished: a read of the row may still see the old room. */
  const unwritten = new Map<number, string | null>();
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (pending.size === 0) return writing;
    const batch = pending;
    pending = new Map();
    for (const [id, roomId] of batch) unwritten.set(id, roomId);
    const entries = [...batch].map(([id, roomId]) => ({ id, roomId }));
    writing = writing
      .then(() => users.setCurrentRooms(entries))
      .catch(onError)
      .finally(() => {
        for (const [id, roomId] of batch) if (unwritten.get(id) === roomId) unwritten.delete(id);
      });
    return writing;
  }

  const timer = clock.every(intervalMs, () => void flush());

  return {
    record(userId: number, roomId: string | null): void {
      pending.set(userId, roomId);
    },
    /** The room last recorded for the user on this node and not yet written for sure, if any. */
    pendingFor(userId: number): string | null | undefined {
      return pending.has(userId) ? pending.get(userId) : unwritten.get(userId);
    },
    /** Writes what is pending; on shutdown, before the database closes. */
    async close(): Promise<void> {
      timer.cancel();
      await flush();
    },
  };
}

export type CurrentRoomWriter = ReturnType<typeof createCurrentRoomWriter>;
