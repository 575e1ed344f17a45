import { and, count, desc, eq, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { WallType } from '../../../shared/api/walls';
import type { ReactionType } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import {
  chatImages,
  users,
  wallComments,
  wallPostReactions,
  wallPosts,
  type ChatImageRow,
  type UserRow,
  type WallCommentRow,
  type WallPostRow,
} from '../../db/schema';

export interface PostWithAuthor {
  post: WallPostRow;
  author: UserRow;
  image: ChatImageRow | null;
}

export interface CommentWithAuthor {
  comment: WallCommentRow;
  author: UserRow;
}

export type ReactionCounts = Record<ReactionType, number>;

const noReactions = (): ReactionCounts => ({ like: 0, dislike: 0, heart: 0 });

/**
 * The walls' SQL: a page is one query for the posts (with authors and pictures) and three for
 * what completes it (reaction counts, the reader's reactions, comment counts), whatever its size.
 */
export function createWallsRepo(db: Db) {
  const selectPosts = () =>
    db
      .select({ post: wallPosts, author: users, image: chatImages })
      .from(wallPosts)
      .innerJoin(users, eq(users.id, wallPosts.authorId))
      .leftJoin(chatImages, eq(chatImages.id, wallPosts.imageId));

  return {
    async insertPost(values: {
      authorId: number;
      type: WallType;
      content: string;
      imageId: string | null;
      createdAt: Date;
    }): Promise<WallPostRow> {
      const [row] = await db.insert(wallPosts).values(values).returning();
      return row!;
    },

    async findPost(id: number): Promise<PostWithAuthor | undefined> {
      const [row] = await selectPosts().where(eq(wallPosts.id, id)).limit(1);
      return row;
    },

    /**
     * A page of a wall, newest first: `limit` posts before `before`, one more read to know
     * whether more remain. `authors` limits it to those people (the friends wall); `hidden`
     * leaves out those the reader ignores.
     */
    async page(filter: {
      type: WallType;
      before?: number;
      limit: number;
      authors?: number[];
      hidden: number[];
    }): Promise<{ rows: PostWithAuthor[]; hasMore: boolean }> {
      const conditions: SQL[] = [eq(wallPosts.type, filter.type)];
      if (filter.before !== undefined) conditions.push(lt(wallPosts.id, filter.before));
      if (filter.authors) conditions.push(inArray(wallPosts.authorId, filter.authors));
      if (filter.hidden.length > 0) conditions.push(notInArray(wallPosts.authorId, filter.hidden));
      const rows = await selectPosts()
        .where(and(...conditions))
        .orderBy(desc(wallPosts.id))
        .limit(filter.limit + 1);
      return { rows: rows.slice(0, filter.limit), hasMore: rows.length > filter.limit };
    },

    async deletePost(id: number): Promise<boolean> {
      const rows = await db.delete(wallPosts).where(eq(wallPosts.id, id)).returning({ id: wallPosts.id });
      return rows.length > 0;
    },

    /** Reaction counts of each post (grouped in one query). */
    async reactionCounts(postIds: number[]): Promise<Map<number, ReactionCounts>> {
      const counts = new Map<number, ReactionCounts>(postIds.map((id) => [id, noReactions()]));
      if (postIds.length === 0) return counts;
      const rows = await db
        .select({ postId: wallPostReactions.postId, type: wallPostReactions.type, n: count() })
        .from(wallPostReactions)
        .where(inArray(wallPostReactions.postId, postIds))
        .groupBy(wallPostReactions.postId, wallPostReactions.type);
      for (const row of rows) counts.get(row.postId)![row.type] = row.n;
      return counts;
    },

    /** The reader's own reactions among these posts. */
    async reactionsOf(userId: number, postIds: number[]): Promise<Map<number, ReactionType>> {
      if (postIds.length === 0) return new Map();
      const rows = await db
        .select({ postId: wallPostReactions.postId, type: wallPostReactions.type })
        .from(wallPostReactions)
        .where(and(eq(wallPostReactions.userId, userId), inArray(wallPostReactions.postId, postIds)));
      return new Map(rows.map((r) => [r.postId, r.type]));
    },

    async commentCounts(postIds: number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>(postIds.map((id) => [id, 0]));
      if (postIds.length === 0) return counts;
      const rows = await db
        .select({ postId: wallComments.postId, n: count() })
        .from(wallComments)
        .where(inArray(wallComments.postId, postIds))
        .groupBy(wallComments.postId);
      for (const row of rows) counts.set(row.postId, row.n);
      return counts;
    },

    /** Sets, switches or (null) removes a person's reaction; whether anything changed. */
    async setReaction(postId: number, userId: number, type: ReactionType | null, at: Date): Promise<boolean> {
      if (type === null) {
        const rows = await db
          .delete(wallPostReactions)
          .where(and(eq(wallPostReactions.postId, postId), eq(wallPostReactions.userId, userId)))
          .returning({ postId: wallPostReactions.postId });
        return rows.length > 0;
      }
      const rows = await db
        .insert(wallPostReactions)
        .values({ postId, userId, type, createdAt: at })
        .onConflictDoUpdate({
          target: [wallPostReactions.postId, wallPostReactions.userId],
          set: { type, createdAt: at },
          setWhere: sql`${wallPostReactions.type} <> excluded.type`,
        })
        .returning({ postId: wallPostReactions.postId });
      return rows.length > 0;
    },

    async insertComment(values: {
      postId: number;
      authorId: number;
      content: string;
      createdAt: Date;
    }): Promise<WallCommentRow> {
      const [row] = await db.insert(wallComments).values(values).returning();
      return row!;
    },

    async findComment(id: number): Promise<CommentWithAuthor | undefined> {
      const [row] = await db
        .select({ comment: wallComments, author: users })
        .from(wallComments)
        .innerJoin(users, eq(users.id, wallComments.authorId))
        .where(eq(wallComments.id, id))
        .limit(1);
      return row;
    },

    /** The latest `limit` comments of a post, oldest first, without those of `hidden` authors. */
    async comments(postId: number, limit: number, hidden: number[]): Promise<CommentWithAuthor[]> {
      const conditions: SQL[] = [eq(wallComments.postId, postId)];
      if (hidden.length > 0) conditions.push(notInArray(wallComments.authorId, hidden));
      const rows = await db
        .select({ comment: wallComments, author: users })
        .from(wallComments)
        .innerJoin(users, eq(users.id, wallComments.authorId))
        .where(and(...conditions))
        .orderBy(desc(wallComments.id))
        .limit(limit);
      return rows.reverse();
    },

    async deleteComment(id: number): Promise<boolean> {
      const rows = await db.delete(wallComments).where(eq(wallComments.id, id)).returning({ id: wallComments.id });
      return rows.length > 0;
    },

    /** What the data export holds of a user's walls: their posts and comments. */
    async postsOf(userId: number): Promise<WallPostRow[]> {
      return db.select().from(wallPosts).where(eq(wallPosts.authorId, userId)).orderBy(desc(wallPosts.id));
    },
    async commentsOf(userId: number): Promise<WallCommentRow[]> {
      return db.select().from(wallComments).where(eq(wallComments.authorId, userId)).orderBy(desc(wallComments.id));
    },
  };
}

export type WallsRepo = ReturnType<typeof createWallsRepo>;
