import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** The folded look-alike key (shared/entities/username-key.ts): what uniqueness and look-ups use. */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash'),
    userType: text('user_type', { enum: ['guest', 'member', 'vip'] })
      .notNull()
      .default('member'),
    role: text('role', { enum: ['guest', 'member', 'moderator', 'admin', 'owner'] })
      .notNull()
      .default('member'),
    displayName: text('display_name'),
    profileImage: text('profile_image'),
    avatarHash: text('avatar_hash'),
    avatarVersion: integer('avatar_version').notNull().default(0),
    usernameColor: text('username_color'),
    usernameGradient: text('username_gradient'),
    usernameEffect: text('username_effect'),
    profileBackgroundColor: text('profile_background_color'),
    profileEffect: text('profile_effect'),
    profileTag: text('profile_tag'),
    profileFrame: text('profile_frame'),
    gender: text('gender'),
    bio: text('bio'),
    statusText: text('status_text'),
    age: integer('age'),
    country: text('country'),
    isHidden: boolean('is_hidden').notNull().default(false),
    globalSoundEnabled: boolean('global_sound_enabled').notNull().default(true),
    showSystemMessages: boolean('show_system_messages').notNull().default(true),
    /** Who may send this user private messages (shared/entities/user.ts `PRIVATE_MESSAGES_FROM`). */
    privateMessagesFrom: text('private_messages_from', { enum: ['everyone', 'friends', 'nobody'] })
      .notNull()
      .default('everyone'),
    currentRoom: text('current_room'),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Members own their names; guests only borrow one while they are around.
    uniqueIndex('users_member_username_key')
      .on(table.usernameKey)
      .where(sql`${table.userType} <> 'guest'`),
    index('users_username_key_idx').on(table.usernameKey),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
