import { and, asc, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type NewUserRow, type UserRow } from '../../db/schema';

export type UsernameKeyRow = Pick<UserRow, 'id' | 'username' | 'usernameKey' | 'userType'>;

export function createUsersRepo(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async findMemberByKey(usernameKey: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.usernameKey, usernameKey), ne(users.userType, 'guest')))
        .limit(1);
      return row;
    },

    /** Members holding any of these keys (login tries the current key and the version-1 key). */
    async findMembersByKeys(usernameKeys: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(and(inArray(users.usernameKey, usernameKeys), ne(users.userType, 'guest')));
    },

    /** Guests with this name who entered after `since` and have not logged out. */
    async findRecentGuestsWithLiveSession(usernameKey: string, since: Date): Promise<UserRow[]> {
      const live = db
        .select({ one: sql`1` })
        .from(sessions)
        .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, sql`now()`)));
      return db
        .select()
        .from(users)
        .where(
          and(
            eq(users.usernameKey, usernameKey),
            eq(users.userType, 'guest'),
            gt(users.createdAt, since),
            exists(live),
          ),
        );
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(id: number, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    /** One statement for every online user: the 60-second last-seen refresh. */
    async touchLastSeen(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(users)
        .set({ lastSeen: sql`now()` })
        .where(inArray(users.id, ids));
    },

    /** Every user's name and key, oldest first: what the key backfill works from. */
    async listUsernameKeys(): Promise<UsernameKeyRow[]> {
      return db
        .select({ id: users.id, username: users.username, usernameKey: users.usernameKey, userType: users.userType })
        .from(users)
        .orderBy(asc(users.createdAt), asc(users.id));
    },

    /** Many users' keys in one statement per thousand. */
    async setUsernameKeys(entries: { id: number; usernameKey: string }[]): Promise<void> {
      for (let start = 0; start < entries.length; start += 1000) {
        const rows = sql.join(
          entries.slice(start, start + 1000).map((e) => sql`(${e.id}::integer, ${e.usernameKey}::text)`),
          sql`, `,
        );
        await db.execute(
          sql`UPDATE ${users} SET username_key = v.key FROM (VALUES ${rows}) AS v(id, key) WHERE ${users.id} = v.id`,
        );
      }
    },

    /** Many users' current rooms in one statement. */
    async setCurrentRooms(entries: { id: number; roomId: string | null }[]): Promise<void> {
      if (entries.length === 0) return;
      const rows = sql.join(
        entries.map((e) => sql`(${e.id}::integer, ${e.roomId}::text)`),
        sql`, `,
      );
      await db.execute(
        sql`UPDATE ${users} SET current_room = v.room, last_seen = now() FROM (VALUES ${rows}) AS v(id, room) WHERE ${users.id} = v.id`,
      );
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
