import { and, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type NewUserRow, type UserRow } from '../../db/schema';

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
