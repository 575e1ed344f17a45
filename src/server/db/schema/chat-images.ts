import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Pictures uploaded for messages: each is stored as two WebP files (full size and thumbnail)
 * named by its random id. The row says who uploaded it (only they may send it) and its size in
 * pixels (so a list reserves the space before the picture arrives).
 */
export const chatImages = pgTable(
  'chat_images',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    /**
     * What holds the picture: 'message' (one or more messages of its owner), 'wall' (one wall
     * post); null while unused. A picture used somewhere is not taken again elsewhere.
     */
    usedBy: text('used_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('chat_images_owner_idx').on(table.ownerId, table.createdAt),
    // Retention: pictures past a day, oldest first.
    index('chat_images_created_at_idx').on(table.createdAt),
  ],
);

export type ChatImageRow = typeof chatImages.$inferSelect;
