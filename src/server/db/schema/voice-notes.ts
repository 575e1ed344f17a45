import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { messages } from './messages';
import { users } from './users';

/**
 * Voice notes (issue 22): each is one Opus file (WebM or Ogg, as the browser recorded it) under
 * `uploads/voice/<owner id>/`, named by its random id. The row says who recorded it (only they may
 * send it), its length as measured from the file and the levels drawn as its waveform. Once sent,
 * it names its message: when the message is deleted (by age, or with the account) the row is
 * unreferenced and the retention rule deletes it with its file.
 */
export const voiceNotes = pgTable(
  'voice_notes',
  {
    id: text('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    container: text('container', { enum: ['webm', 'ogg'] }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    waveform: jsonb('waveform').$type<number[]>().notNull(),
    bytes: integer('bytes').notNull(),
    /** The sender's id of the message that took it (a retried send is the same message). */
    clientMessageId: text('client_message_id'),
    /** Set when a send takes it: a note is sent once. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The message that holds it; null before it is sent and once that message is deleted. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The upload allowance (per person, recent) and the data export.
    index('voice_notes_owner_idx').on(table.ownerId, table.createdAt),
    // A message deleted sets this to null (its foreign key is looked up here).
    index('voice_notes_message_idx').on(table.messageId),
    // Retention: notes no message holds, oldest first.
    index('voice_notes_unheld_idx')
      .on(table.createdAt)
      .where(sql`${table.messageId} is null`),
  ],
);

export type VoiceNoteRow = typeof voiceNotes.$inferSelect;
