import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A browser subscribed to notifications while no tab is open (issue 22 §6). The endpoint is the
 * push service's address for that browser: one row per endpoint, owned by whoever subscribed last.
 * Unused for 90 days (nothing delivered to it, not subscribed again), it goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Subscribed again or delivered to: retention counts from here. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId),
    index('push_subscriptions_last_used_idx').on(table.lastUsedAt),
  ],
);

/** A person's push settings; no row: on, without preview. */
export const pushSettings = pgTable('push_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  preview: boolean('preview').notNull().default(false),
});

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
