import DataLoader from 'dataloader';
import { aliasedTable, and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { friendships, users, type FriendshipRow, type UserRow } from '../../db/schema';

export interface FriendshipWithPeople {
  row: FriendshipRow;
  requester: UserRow;
  addressee: UserRow;
}

const requester = aliasedTable(users, 'requester');
const addressee = aliasedTable(users, 'addressee');

const pair = (a: number, b: number) =>
  or(
    and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
    and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
  );

export function createFriendsRepo(db: Db) {
  const friendIdsLoader = new DataLoader<number, number[]>(
    async (userIds) => {
      const rows = await db
        .select({ requesterId: friendships.requesterId, addresseeId: friendships.addresseeId })
        .from(friendships)
        .where(
          and(
            eq(friendships.status, 'accepted'),
            or(inArray(friendships.requesterId, [...userIds]), inArray(friendships.addresseeId, [...userIds])),
          ),
        );
      const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
      for (const row of rows) {
        byUser.get(row.requesterId)?.push(row.addresseeId);
        byUser.get(row.addresseeId)?.push(row.requesterId);
      }
      return userIds.map((id) => byUser.get(id)!.slice(0, 500));
    },
    // Gathered until the end of this turn of the event loop: the I/O handled in it shares a query.
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
  const withPeople = () =>
    db
      .select({ row: friendships, requester, addressee })
      .from(friendships)
      .innerJoin(requester, eq(requester.id, friendships.requesterId))
      .innerJoin(addressee, eq(addressee.id, friendships.addresseeId));

  return {
    async findPair(a: number, b: number): Promise<FriendshipRow | undefined> {
      const [row] = await db.select().from(friendships).where(pair(a, b)).limit(1);
      return row;
    },

    async findById(id: number): Promise<FriendshipWithPeople | undefined> {
      const [row] = await withPeople().where(eq(friendships.id, id)).limit(1);
      return row;
    },

    /** A new pending request; undefined when the pair already has a row (a race). */
    async create(requesterId: number, addresseeId: number, at: Date): Promise<number | undefined> {
      const [row] = await db
        .insert(friendships)
        .values({ requesterId, addresseeId, createdAt: at })
        .onConflictDoNothing()
        .returning({ id: friendships.id });
      return row?.id;
    },

    async accept(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(friendships)
        .set({ status: 'accepted', acceptedAt: at })
        .where(and(eq(friendships.id, id), eq(friendships.status, 'pending')))
        .returning({ id: friendships.id });
      return rows.length > 0;
    },

    async delete(id: number): Promise<boolean> {
      const rows = await db.delete(friendships).where(eq(friendships.id, id)).returning({ id: friendships.id });
      return rows.length > 0;
    },

    /** Accepted friendships and pending requests of a user, newest first. */
    async of(userId: number, status: 'pending' | 'accepted'): Promise<FriendshipWithPeople[]> {
      return withPeople()
        .where(
          and(
            eq(friendships.status, status),
            or(eq(friendships.requesterId, userId), eq(friendships.addresseeId, userId)),
          ),
        )
        .orderBy(desc(friendships.id))
        .limit(500);
    },

    /** The ids of a user's friends (accepted), for telling them the user came or went. */
    /**
     * The friends of each user (at most 500 each): look-ups made in the same moment (everyone
     * coming online after a restart) share one query.
     */
    friendIdsOf(userId: number): Promise<number[]> {
      return friendIdsLoader.load(userId);
    },

    async areFriends(a: number, b: number): Promise<boolean> {
      const row = await this.findPair(a, b);
      return row?.status === 'accepted';
    },
  };
}

export type FriendsRepo = ReturnType<typeof createFriendsRepo>;
