import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PinnedMessage } from '../../../shared/entities/room';

export const rooms = pgTable('rooms', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  icon: text('icon'),
  isDefault: boolean('is_default').notNull().default(false),
  isLocked: boolean('is_locked').notNull().default(false),
  isBroadcast: boolean('is_broadcast').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  hostId: integer('host_id'),
  speakers: jsonb('speakers').$type<number[]>().notNull().default([]),
  micQueue: jsonb('mic_queue').$type<number[]>().notNull().default([]),
  chatLockAll: boolean('chat_lock_all').notNull().default(false),
  chatLockVisitors: boolean('chat_lock_visitors').notNull().default(false),
  /** Messages staff pinned (at most ROOM_TOOLS.maxPins), oldest pin first, with what the bar shows. */
  pins: jsonb('pins').$type<PinnedMessage[]>().notNull().default([]),
  /** Shown under the room's header until each person closes it ('' for none). */
  announcement: text('announcement').notNull().default(''),
  /** Shown to each person entering, `{name}` replaced by theirs ('' for none). */
  welcome: text('welcome').notNull().default(''),
  /** Non-staff may send one message per this many seconds (0: off). */
  slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
  /** Seed order, so country rooms list in the catalogue's order among equals. */
  sortOrder: integer('sort_order').notNull().default(0),
});

export type RoomRow = typeof rooms.$inferSelect;
export type NewRoomRow = typeof rooms.$inferInsert;
