import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Attachment } from '../../../shared/entities/message';
import { rooms } from './rooms';
import { users } from './users';

/** PostgreSQL's text-search document, read back as its text form (nothing reads it but the index). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const messages = pgTable(
  'messages',
  {
    // By default, not always: a room message's id is taken before its row is written (message-ids.ts).
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    roomId: text('room_id').references(() => rooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id'),
    isPrivate: boolean('is_private').notNull().default(false),
    content: text('content').notNull(),
    messageType: text('message_type', { enum: ['text', 'image', 'system', 'voice'] })
      .notNull()
      .default('text'),
    textColor: text('text_color'),
    bold: boolean('bold').notNull().default(false),
    attachments: jsonb('attachments').$type<Attachment[]>().notNull().default([]),
    /** The sender's own id for the message: a retried send is stored once. */
    clientMessageId: text('client_message_id'),
    /** The message this one replies to (same room), if any. */
    replyToId: bigint('reply_to_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by its author or by staff: kept for the moderation record, never shown. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    /** Last changed by its sender (the earlier text is in the moderation log). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /**
     * A text message's words folded for search (`shared/text/search.ts` `searchTextOf`), as
     * `to_tsvector('simple', …)`; null until computed (image and system messages stay null).
     */
    searchVector: tsvector('search_vector'),
  },
  (table) => [
    // Latest-N and since-id reads of one room walk this index backwards or forwards.
    index('messages_room_id_id_idx').on(table.roomId, table.id),
    // A private conversation's pages, whoever sent each message: the unordered pair, then time.
    index('messages_private_pair_idx')
      .on(
        sql`least(${table.senderId}, ${table.receiverId})`,
        sql`greatest(${table.senderId}, ${table.receiverId})`,
        table.createdAt,
        table.id,
      )
      .where(sql`${table.isPrivate}`),
    // Retention: the oldest room messages, and the oldest private ones, each walked in time order.
    index('messages_room_created_at_idx')
      .on(table.createdAt)
      .where(sql`not ${table.isPrivate}`),
    index('messages_private_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.isPrivate}`),
    // Retention: is a stored picture still in some message (its address is the content)?
    index('messages_image_content_idx')
      .on(table.content)
      .where(sql`${table.messageType} = 'image'`),
    // Search (room and private): word prefixes of the folded text, shown messages only.
    index('messages_search_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.deletedAt} is null`),
    uniqueIndex('messages_sender_client_id_key')
      .on(table.senderId, table.clientMessageId)
      .where(sql`${table.clientMessageId} is not null`),
  ],
);

/** Every column but the search document, which only the search index reads: what reads select. */
export const messageColumns = (() => {
  const { searchVector, ...shown } = getTableColumns(messages);
  void searchVector;
  return shown;
})();

export type MessageRow = Omit<typeof messages.$inferSelect, 'searchVector'>;
