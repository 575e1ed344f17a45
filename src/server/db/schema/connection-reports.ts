import { bigint, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** What pages measured of their connection (spec §7 `/api/connection-report`), kept 7 days. */
export const connectionReports = pgTable(
  'connection_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    band: text('band').notNull(),
    successRate: real('success_rate').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    samples: integer('samples').notNull(),
    transport: text('transport').notNull(),
    pollFailures: integer('poll_failures').notNull().default(0),
    connectionType: text('connection_type').notNull(),
    userAgent: text('user_agent').notNull(),
    /** The page's clock when it measured; `createdAt` is the server's. */
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Pruning walks this index.
  (table) => [index('connection_reports_created_at_idx').on(table.createdAt)],
);

export type ConnectionReportRow = typeof connectionReports.$inferSelect;
