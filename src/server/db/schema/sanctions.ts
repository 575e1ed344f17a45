import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

import { SANCTION_KINDS } from '../../../shared/policy';

/**
 * Kicks, mutes, bans and blocks, kept until they end: a restart forgives nobody. A sanction binds
 * the account, the devices it was seen on, and (bans only, by choice) an address.
 */
export const sanctions = pgTable(
  'sanctions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: SANCTION_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The target's devices when the sanction was given. */
    deviceIds: text('device_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    address: text('address'),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: permanent (blocks). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // Checks look for what is in force: by account, by device, by address.
    index('sanctions_user_active_idx')
      .on(table.userId)
      .where(sql`${table.liftedAt} is null`),
    index('sanctions_devices_active_idx')
      .using('gin', table.deviceIds)
      .where(sql`${table.liftedAt} is null`),
    index('sanctions_address_active_idx')
      .on(table.address)
      .where(sql`${table.liftedAt} is null and ${table.address} is not null`),
    // Retention: when a sanction ended (lifted, or expired), for the ones that have.
    index('sanctions_ended_at_idx').on(sql`least(${table.liftedAt}, ${table.expiresAt})`),
  ],
);

export type SanctionRow = typeof sanctions.$inferSelect;
export type NewSanctionRow = typeof sanctions.$inferInsert;
