import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

export function createSessionsRepo(db: Db) {
  return {
    async insert(values: {
      id: string;
      userId: number;
      deviceId: string | null;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** The live session and its user in one round trip. */
    async findLive(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)))
        .limit(1);
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    async setDeviceId(id: string, deviceId: string): Promise<void> {
      await db.update(sessions).set({ deviceId }).where(eq(sessions.id, id));
    },

    async touch(ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(inArray(sessions.id, ids));
    },

    /** Signs a user out everywhere (kicked, banned, blocked). */
    async deleteAllOf(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** The address of the user's latest session, if any (for a ban that also binds the address). */
    async lastAddressOf(userId: number): Promise<string | null> {
      const [row] = await db
        .select({ ip: sessions.ip })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(1);
      return row?.ip ?? null;
    },

    /** A user's live sessions, latest activity first. */
    async listLiveOf(userId: number): Promise<SessionRow[]> {
      return db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
        .orderBy(desc(sessions.lastSeenAt));
    },

    /** Every session of a user but `keepId`; returns the ids it ended. */
    async deleteOthersOf(userId: number, keepId: string): Promise<string[]> {
      const rows = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },

    async setExpiry(id: string, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
    },
  };
}

export type SessionsRepo = ReturnType<typeof createSessionsRepo>;
