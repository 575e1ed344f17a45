import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { messages } from './messages';
import { users } from './users';

import { REPORT_STATUSES } from '../../../shared/entities/moderation';

/** A user's report of a message or a person, and what staff made of it. */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null: raised by the site itself (a message with a word staff flag). */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    /** The reported person (the message's sender when a message is reported). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    /** The reported message's text when it was reported, in case it is deleted later. */
    excerpt: text('excerpt'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    outcome: text('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The open queue, oldest first.
    index('reports_open_idx')
      .on(table.id)
      .where(sql`${table.status} = 'open'`),
    // Handled reports of one status, newest first.
    index('reports_status_idx').on(table.status, table.id),
    // A reporter's reports of the last minutes (the per-reporter limit).
    index('reports_reporter_recent_idx').on(table.reporterId, table.createdAt),
    // Retention: closed reports by when they were handled.
    index('reports_handled_at_idx')
      .on(table.handledAt)
      .where(sql`${table.status} <> 'open'`),
    // One open report per reporter and target (a message, or a person without a message).
    uniqueIndex('reports_open_target_key')
      .on(table.reporterId, sql`coalesce(${table.messageId}, 0)`, sql`coalesce(${table.userId}, 0)`)
      .where(sql`${table.status} = 'open' and ${table.reporterId} is not null`),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
