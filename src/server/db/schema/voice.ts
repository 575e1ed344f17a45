import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who is in a room's voice session right now, and through which socket (one per user and room:
 * the tab that joined last). Speakers and the queue themselves are the room's `speakers` and
 * `mic_queue`, changed only under the room row's lock (voice.repo.ts).
 */
export const voiceMembers = pgTable(
  'voice_members',
  {
    roomId: text('room_id').notNull(),
    userId: integer('user_id').notNull(),
    socketId: text('socket_id').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** When this member became a speaker (turn length counts from here); null for listeners. */
    speakingSince: timestamp('speaking_since', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.userId] }), index('voice_members_socket').on(table.socketId)],
);

export type VoiceMemberRow = typeof voiceMembers.$inferSelect;
