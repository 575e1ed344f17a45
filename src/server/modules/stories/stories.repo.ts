import { and, asc, count, desc, eq, gt, inArray, lte, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stories, storyViews, users, type StoryRow, type UserRow } from '../../db/schema';

export type NewStoryRow = typeof stories.$inferInsert;
export interface StoryWithAuthor {
  story: StoryRow;
  author: UserRow;
}

/** Stories and their views: SQL only, a fixed number of queries per request. */
export function createStoriesRepo(db: Db) {
  const alive = (now: Date) => gt(stories.expiresAt, now);

  return {
    async insert(values: NewStoryRow): Promise<StoryRow> {
      const [row] = await db.insert(stories).values(values).returning();
      return row!;
    },

    /** How many stories an author has alive now. */
    async countAlive(authorId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(stories)
        .where(and(eq(stories.authorId, authorId), alive(now)));
      return row?.n ?? 0;
    },

    /** A story still alive at `now`, with its author; undefined once it expired. */
    async findAlive(id: number, now: Date): Promise<StoryWithAuthor | undefined> {
      const [row] = await db
        .select({ story: stories, author: users })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(and(eq(stories.id, id), alive(now)))
        .limit(1);
      return row;
    },

    /**
     * The newest alive stories `viewerId` may see: everyone's, their own and their friends'
     * friends-only ones; never those of `hidden` authors (whom the viewer ignores).
     */
    async feed(
      viewerId: number,
      friendIds: readonly number[],
      hidden: readonly number[],
      now: Date,
      limit: number,
    ): Promise<StoryWithAuthor[]> {
      const audience: SQL[] = [eq(stories.visibility, 'everyone'), eq(stories.authorId, viewerId)];
      if (friendIds.length > 0) audience.push(inArray(stories.authorId, [...friendIds]));
      const conditions: SQL[] = [alive(now), or(...audience)!];
      if (hidden.length > 0) conditions.push(notInArray(stories.authorId, [...hidden]));
      return db
        .select({ story: stories, author: users })
        .from(stories)
        .innerJoin(users, eq(users.id, stories.authorId))
        .where(and(...conditions))
        .orderBy(desc(stories.createdAt), desc(stories.id))
        .limit(limit);
    },

    /** An author's alive stories, oldest first. */
    async ofAuthor(authorId: number, now: Date): Promise<StoryRow[]> {
      return db
        .select()
        .from(stories)
        .where(and(eq(stories.authorId, authorId), alive(now)))
        .orderBy(asc(stories.createdAt), asc(stories.id));
    },

    /** Of `storyIds`, those `viewerId` has seen. */
    async seenBy(viewerId: number, storyIds: readonly number[]): Promise<Set<number>> {
      if (storyIds.length === 0) return new Set();
      const rows = await db
        .select({ id: storyViews.storyId })
        .from(storyViews)
        .where(and(eq(storyViews.viewerId, viewerId), inArray(storyViews.storyId, [...storyIds])));
      return new Set(rows.map((r) => r.id));
    },

    /** How many people saw each of `storyIds`. */
    async viewCounts(storyIds: readonly number[]): Promise<Map<number, number>> {
      if (storyIds.length === 0) return new Map();
      const rows = await db
        .select({ id: storyViews.storyId, n: count() })
        .from(storyViews)
        .where(inArray(storyViews.storyId, [...storyIds]))
        .groupBy(storyViews.storyId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** Records a view; false when this person had already seen it. */
    async recordView(storyId: number, viewerId: number, at: Date): Promise<boolean> {
      const rows = await db
        .insert(storyViews)
        .values({ storyId, viewerId, viewedAt: at })
        .onConflictDoNothing()
        .returning({ id: storyViews.storyId });
      return rows.length > 0;
    },

    /** Who saw a story, newest first. */
    async views(storyId: number, limit: number): Promise<{ viewer: UserRow; viewedAt: Date }[]> {
      return db
        .select({ viewer: users, viewedAt: storyViews.viewedAt })
        .from(storyViews)
        .innerJoin(users, eq(users.id, storyViews.viewerId))
        .where(eq(storyViews.storyId, storyId))
        .orderBy(desc(storyViews.viewedAt))
        .limit(limit);
    },

    /** Deletes a story (its views go with it); the row, or undefined if it was already gone. */
    async remove(id: number): Promise<StoryRow | undefined> {
      const [row] = await db.delete(stories).where(eq(stories.id, id)).returning();
      return row;
    },

    /**
     * Deletes up to `batch` stories expired at `now`, oldest first, with their views; returns what
     * the pictures need. Rows another node is deleting at the same moment are skipped, not waited for.
     */
    async deleteExpired(now: Date, batch: number): Promise<{ id: number; imageId: string | null }[]> {
      const expired = db
        .select({ id: stories.id })
        .from(stories)
        .where(lte(stories.expiresAt, now))
        .orderBy(asc(stories.expiresAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      return db
        .delete(stories)
        .where(inArray(stories.id, expired))
        .returning({ id: stories.id, imageId: stories.imageId });
    },

    /** An account's stories, for its data export. */
    async exported(authorId: number): Promise<StoryRow[]> {
      return db.select().from(stories).where(eq(stories.authorId, authorId)).orderBy(asc(stories.id));
    },
  };
}

export type StoriesRepo = ReturnType<typeof createStoriesRepo>;
