import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each retention pass: when it ran, where, and what it deleted per kind (the owner reads the latest). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    /** What ran it: `node` (the hourly timer) or `cli` (`npm run retention`). */
    source: text('source').notNull(),
    /** Rows deleted (or cleared) per kind. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    /** Kinds whose sweep failed (tried again next pass). */
    failed: jsonb('failed').$type<string[]>().notNull().default([]),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('retention_runs_started_at_idx').on(table.startedAt)],
);

export type RetentionRunRow = typeof retentionRuns.$inferSelect;
