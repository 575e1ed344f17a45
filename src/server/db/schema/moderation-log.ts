import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every moderation action, appended and never changed: who did what to whom, why, until when. */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Names as they were, so the log reads right after a rename or a deleted account. */
    actorName: text('actor_name').notNull(),
    targetId: integer('target_id').references(() => users.id, { onDelete: 'set null' }),
    targetName: text('target_name'),
    action: text('action').notNull(),
    reason: text('reason'),
    roomId: text('room_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('moderation_log_target_idx').on(table.targetId, table.id),
    index('moderation_log_actor_idx').on(table.actorId, table.id),
    // Retention: the oldest entries first.
    index('moderation_log_created_at_idx').on(table.createdAt),
  ],
);

export type ModerationLogRow = typeof moderationLog.$inferSelect;
export type NewModerationLogRow = typeof moderationLog.$inferInsert;
