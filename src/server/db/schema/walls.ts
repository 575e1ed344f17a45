import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatImages } from './chat-images';
import { users } from './users';

/**
 * Walls (issue 21): what members post for everyone (`public`) or for their friends (`friends`),
 * kept until its author or staff delete it, or the account goes (every row naming a user
 * cascades with it).
 */
export const wallPosts = pgTable(
  'wall_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['public', 'friends'] }).notNull(),
    content: text('content').notNull().default(''),
    /** An uploaded picture (the author's own, used nowhere else). */
    imageId: text('image_id').references(() => chatImages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A wall's pages, newest first (`before` an id).
    index('wall_posts_type_id_idx').on(table.type, table.id.desc()),
    // An author's posts (the friends wall, the data export, an account's deletion).
    index('wall_posts_author_idx').on(table.authorId, table.id.desc()),
    // A picture belongs to one post.
    uniqueIndex('wall_posts_image_key').on(table.imageId),
  ],
);

export const wallComments = pgTable(
  'wall_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A post's comments, and their count.
    index('wall_comments_post_idx').on(table.postId, table.id),
    // An author's comments (the data export, an account's deletion).
    index('wall_comments_author_idx').on(table.authorId),
  ],
);

/** One reaction per person and post: switching replaces it, null removes it. */
export const wallPostReactions = pgTable(
  'wall_post_reactions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => wallPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['like', 'dislike', 'heart'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    // A person's reactions (an account's deletion).
    index('wall_post_reactions_user_idx').on(table.userId),
  ],
);

export type WallPostRow = typeof wallPosts.$inferSelect;
export type WallCommentRow = typeof wallComments.$inferSelect;
