import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { STORY_BACKGROUND_IDS, STORY_VISIBILITIES } from '../../../shared/entities/story';
import { users } from './users';

/**
 * Stories (الحالات): a picture (a chat image the author uploaded, with its size copied so a
 * list needs no join) with an optional caption, or a text on a palette background. Alive until
 * `expiresAt` (24 h); the retention sweep deletes the row, its views and its picture soon after.
 */
export const stories = pgTable(
  'stories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chat image's id (its files are the story's; deleted with it). */
    imageId: text('image_id'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    caption: text('caption'),
    text: text('text'),
    background: text('background', { enum: STORY_BACKGROUND_IDS }),
    visibility: text('visibility', { enum: STORY_VISIBILITIES }).notNull().default('everyone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // The feed (unexpired, newest) and the sweep (expired, oldest) walk this index.
    index('stories_expires_idx').on(table.expiresAt),
    // One author's stories (mine, the allowance of alive stories).
    index('stories_author_expires_idx').on(table.authorId, table.expiresAt),
  ],
);

/** Who saw a story: one row per (story, viewer), whatever how often they watched it. */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.viewerId] }),
    // What one viewer has seen (the feed's rings), and deleting an account's views.
    index('story_views_viewer_idx').on(table.viewerId, table.storyId),
  ],
);

export type StoryRow = typeof stories.$inferSelect;
export type StoryViewRow = typeof storyViews.$inferSelect;
