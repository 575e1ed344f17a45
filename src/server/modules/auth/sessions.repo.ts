import DataLoader from 'dataloader';
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema';

export function createSessionsRepo(db: Db) {
  /** Every sign-in opens one: prepared once, no SQL built per sign-in. */
  const insertSession = db
    .insert(sessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      deviceId: sql.placeholder('deviceId'),
      ip: sql.placeholder('ip'),
      userAgent: sql.placeholder('userAgent'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .prepare('sessions_insert');
  const liveLoader = new DataLoader<string, { session: SessionRow; user: UserRow } | undefined>(
    async (ids) => {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, [...ids]), gt(sessions.expiresAt, sql`now()`)));
      const byId = new Map(rows.map((row) => [row.session.id, row]));
      return ids.map((id) => byId.get(id));
    },
    // Gathered until the end of this turn of the event loop: the I/O handled in it shares a query.
    { cache: false, maxBatchSize: 200, batchScheduleFn: (run) => setImmediate(run) },
  );
  return {
    async insert(values: {
      id: string;
      userId: number;
      deviceId: string | null;
      ip: string | null;
      userAgent: string | null;
      expiresAt: Date;
    }): Promise<void> {
      await insertSession.execute(values);
    },

    /**
     * The live session and its user in one round trip. Look-ups made in the same moment (every
     * socket handshaking after a restart) share one query.
     */
    findLive(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      return liveLoader.load(id);
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
