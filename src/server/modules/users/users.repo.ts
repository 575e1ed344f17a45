import { and, asc, eq, exists, getTableColumns, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type NewUserRow, type UserRow } from '../../db/schema';

/** A session opened together with its new user (the user's id is not known yet). */
export interface NewSessionForUser {
  id: string;
  deviceId: string | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

export type UsernameKeyRow = Pick<UserRow, 'id' | 'username' | 'usernameKey' | 'userType'>;

export function createUsersRepo(db: Db) {
  const live = db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, sql`now()`)));
  /** Sign-in's one look-up of a name (prepared once: a sign-in storm builds no SQL). */
  const nameHolders = db
    .select({ id: users.id, userType: users.userType })
    .from(users)
    .where(
      and(
        eq(users.usernameKey, sql.placeholder('key')),
        or(ne(users.userType, 'guest'), and(gt(users.createdAt, sql.placeholder('since')), exists(live))),
      ),
    )
    .prepare('users_name_holders');
  const insertUser = (values: NewUserRow) => db.insert(users).values(values).returning();

  return {
    /**
     * Who holds a name: its member (any non-guest account), and guests who took it since `since`
     * and still have a live session. Two columns, one round trip.
     */
    async findNameHolders(usernameKey: string, since: Date): Promise<Pick<UserRow, 'id' | 'userType'>[]> {
      return nameHolders.execute({ key: usernameKey, since });
    },

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

    /**
     * A new user and their first session in one statement (one round trip, where two inserts
     * cost two): what a visitor entering as a guest needs.
     */
    async insertWithSession(values: NewUserRow, session: NewSessionForUser): Promise<UserRow> {
      const insertUser = db.insert(users).values(values).returning();
      const result = await db.execute(sql`
        with u as (${insertUser.getSQL()}),
        s as (
          insert into ${sessions} (id, user_id, device_id, ip, user_agent, expires_at)
          select ${session.id}::text, u.id, ${session.deviceId}::text, ${session.ip}::text, ${session.userAgent}::text,
            ${session.expiresAt.toISOString()}::timestamptz
          from u
        )
        select * from u`);
      const [raw] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      if (!raw) throw new Error('user insert returned no row');
      // The row comes back under the database's column names: map it as drizzle maps its own.
      const row: Record<string, unknown> = {};
      for (const [key, column] of Object.entries(getTableColumns(users))) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as UserRow;
    },

    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await insertUser(values);
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
