import DataLoader from 'dataloader';
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userIgnores, users, type UserRow } from '../../db/schema';

/** An ignore still in force at `now` (a guest's ends after 7 days). */
const inForce = (now: Date) => or(isNull(userIgnores.expiresAt), gt(userIgnores.expiresAt, now));

export function createIgnoreRepo(db: Db) {
  const targetIdsLoader = new DataLoader<{ userId: number; at: number }, number[]>(
    async (keys) => {
      // One moment for the batch: the latest asked (they differ by a turn of the event loop).
      const now = new Date(Math.max(...keys.map((key) => key.at)));
      const userIds = [...new Set(keys.map((key) => key.userId))];
      const rows = await db
        .select({ userId: userIgnores.userId, id: userIgnores.targetId })
        .from(userIgnores)
        .where(and(inArray(userIgnores.userId, userIds), inForce(now)));
      const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
      for (const row of rows) byUser.get(row.userId)!.push(row.id);
      return keys.map((key) => byUser.get(key.userId)!);
    },
    // Gathered until the end of this turn of the event loop: the I/O handled in it shares a query.
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
  return {
    async add(userId: number, targetId: number, expiresAt: Date | null, now: Date): Promise<void> {
      await db
        .insert(userIgnores)
        .values({ userId, targetId, expiresAt, createdAt: now })
        .onConflictDoUpdate({ target: [userIgnores.userId, userIgnores.targetId], set: { expiresAt, createdAt: now } });
    },

    async remove(userId: number, targetId: number): Promise<boolean> {
      const rows = await db
        .delete(userIgnores)
        .where(and(eq(userIgnores.userId, userId), eq(userIgnores.targetId, targetId)))
        .returning({ id: userIgnores.targetId });
      return rows.length > 0;
    },

    /** The people `userId` ignores now, newest first. */
    async list(userId: number, now: Date): Promise<UserRow[]> {
      const rows = await db
        .select({ user: users })
        .from(userIgnores)
        .innerJoin(users, eq(users.id, userIgnores.targetId))
        .where(and(eq(userIgnores.userId, userId), inForce(now)))
        .orderBy(desc(userIgnores.createdAt));
      return rows.map((r) => r.user);
    },

    /** The ids `userId` ignores now. */
    /** Whom the user ignores now: look-ups made in the same moment (a reconnect storm) share one query. */
    targetIds(userId: number, now: Date): Promise<number[]> {
      return targetIdsLoader.load({ userId, at: now.getTime() });
    },

    /** Of `userIds`, those who ignore `targetId` now. */
    async whoIgnore(userIds: number[], targetId: number, now: Date): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .select({ id: userIgnores.userId })
        .from(userIgnores)
        .where(and(eq(userIgnores.targetId, targetId), inArray(userIgnores.userId, userIds), inForce(now)));
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type IgnoreRepo = ReturnType<typeof createIgnoreRepo>;
