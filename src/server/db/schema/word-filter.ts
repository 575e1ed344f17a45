import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

import { WORD_ACTIONS } from '../../../shared/entities/moderation';

/** Words staff filter out of messages, names and room names. Ships empty. */
export const filteredWords = pgTable(
  'filtered_words',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    word: text('word').notNull(),
    /** The word as the matcher compares it (normalised): one entry per normalised form. */
    normalized: text('normalized').notNull(),
    action: text('action', { enum: WORD_ACTIONS }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('filtered_words_normalized_key').on(table.normalized)],
);

export type FilteredWordRow = typeof filteredWords.$inferSelect;
