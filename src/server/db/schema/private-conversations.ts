import { bigint, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per person and conversation (two per pair): what their conversations list and unread
 * badges read, kept up to date as each private message is stored, so neither is computed by
 * scanning messages.
 */
export const privateConversations = pgTable(
  'private_conversations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: integer('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The newest message of the conversation, either way (messages.id). */
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull(),
    /** Messages from the other person since `userId` last read the conversation. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** `userId` has read every message of the conversation up to this id. */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.otherUserId] }),
    // The conversations list, newest first.
    index('private_conversations_user_last_idx').on(table.userId, table.lastMessageId),
    // Retention: the conversations whose newest message was just deleted.
    index('private_conversations_last_idx').on(table.lastMessageId),
  ],
);

export type PrivateConversationRow = typeof privateConversations.$inferSelect;
