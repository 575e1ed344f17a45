import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { messages } from './messages';
import { users } from './users';

/** One reaction per person and message (spec §7): switching replaces it, null removes it. */
export const messageReactions = pgTable(
  'message_reactions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['like', 'dislike', 'heart'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    // The counts of a page of messages, and its latest reaction, read in one query.
    index('message_reactions_message_time_idx').on(table.messageId, table.createdAt),
  ],
);

/**
 * `userId` ignores `targetId`: their room messages, presence, typing and reactions are hidden
 * from `userId`, and their private messages, mentions and friend requests are refused quietly.
 * A guest's ignores end at `expiresAt` (spec §9: 7 days); a member's never (null).
 */
export const userIgnores = pgTable(
  'user_ignores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.targetId] }),
    // "Who ignores me?" (refusing a private message, a mention or a request quietly).
    index('user_ignores_target_idx').on(table.targetId),
  ],
);

/**
 * A friend request, then a friendship: one row per pair, from the asker to the other. `pending`
 * until accepted; declined or cancelled requests and ended friendships are deleted.
 */
export const friendships = pgTable(
  'friendships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: integer('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    // One row per unordered pair, whoever asked.
    uniqueIndex('friendships_pair_key').on(
      sql`least(${table.requesterId}, ${table.addresseeId})`,
      sql`greatest(${table.requesterId}, ${table.addresseeId})`,
    ),
    index('friendships_addressee_idx').on(table.addresseeId),
    index('friendships_requester_idx').on(table.requesterId),
    check('friendships_not_self', sql`${table.requesterId} <> ${table.addresseeId}`),
  ],
);

export const NOTIFICATION_TYPES = [
  'message',
  'mention',
  'reply',
  'friendRequest',
  'friendAccepted',
  'wallComment',
  'wallReaction',
  'moderation',
  'system',
] as const;

/**
 * A person's notifications. Several private messages from one person while unread are one row
 * (`groupKey`, `count` grows): five messages from one person are one entry.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    /** Who caused it (null: the site). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Where it leads: a room message, a conversation, a friend request. */
    data: jsonb('data')
      .$type<{ roomId?: string; messageId?: number; requestId?: number; postId?: number }>()
      .notNull()
      .default({}),
    /** Unread notifications with the same key are one entry. */
    groupKey: text('group_key'),
    count: integer('count').notNull().default(1),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id),
    // Retention: the oldest notifications first.
    index('notifications_created_at_idx').on(table.createdAt),
  ],
);

export type MessageReactionRow = typeof messageReactions.$inferSelect;
export type UserIgnoreRow = typeof userIgnores.$inferSelect;
export type FriendshipRow = typeof friendships.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
