import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    index('reports_open_idx')
      .on(table.id)
      .where(sql`${table.status} = 'open'`),
    index('reports_reporter_idx').on(table.reporterId, table.id),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
