import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { USERNAME_KEY_VERSION, usernameKey } from '../../shared/entities/username-key';
import { createUsersRepo, type UsernameKeyRow } from '../modules/users';
import type { Db } from './client';

/**
 * Which version of each derived column the stored rows follow. Created here rather than by a
 * migration: it is bookkeeping for start-up backfills, outside the app's schema.
 */
const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const MARKER = 'username_key';
/** Any fixed number: nodes starting together take turns on this advisory lock. */
const LOCK_ID = 7_105_301;

export interface KeyConflict {
  id: number;
  username: string;
  /** The key the member keeps (their stored one). */
  keptKey: string;
  /** The key they would have had, already held by another member. */
  wantedKey: string;
  heldBy: number;
}

export interface KeyPlan {
  updates: { id: number; usernameKey: string }[];
  conflicts: KeyConflict[];
}

/**
 * New keys for rows listed oldest first. Guests simply get theirs (their keys need not be unique).
 * Members whose stored key is already right keep it; the others take their new key in order of age
 * unless another member holds it or will hold it, in which case they keep their stored key. No update
 * ever takes a key that another member's row carries, so applying them cannot break the unique index.
 */
export function planUsernameKeys(rows: readonly UsernameKeyRow[]): KeyPlan {
  // Keys no member may take: every member's stored key (a changing member's old key stays blocked
  // too, which only matters for rows whose stored key was not a version-1 key), then each new key taken.
  const held = new Map<string, number>(
    rows.filter((row) => row.userType !== 'guest').map((row) => [row.usernameKey, row.id]),
  );
  const updates: KeyPlan['updates'] = [];
  const conflicts: KeyConflict[] = [];
  for (const row of rows) {
    const key = usernameKey(row.username);
    if (key === row.usernameKey) continue;
    if (row.userType === 'guest') {
      updates.push({ id: row.id, usernameKey: key });
    } else if (held.has(key)) {
      conflicts.push({
        id: row.id,
        username: row.username,
        keptKey: row.usernameKey,
        wantedKey: key,
        heldBy: held.get(key)!,
      });
    } else {
      held.set(key, row.id);
      updates.push({ id: row.id, usernameKey: key });
    }
  }
  return { updates, conflicts };
}

async function storedVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, MARKER));
  return row?.version ?? 0;
}

/**
 * Recomputes stored username keys when the fold changed (`USERNAME_KEY_VERSION`). Costs two small
 * queries once done; runs in one transaction, so it is all or nothing.
 */
export async function backfillUsernameKeys(
  db: Db,
  warn: (message: string, details: object) => void,
): Promise<{ updated: number; conflicts: number }> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS data_versions (name text PRIMARY KEY, version integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  );
  // Never go back: a node still on an older fold leaves newer keys alone.
  if ((await storedVersion(db)) >= USERNAME_KEY_VERSION) return { updated: 0, conflicts: 0 };
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
    if ((await storedVersion(tx)) >= USERNAME_KEY_VERSION) return { updated: 0, conflicts: 0 };
    const users = createUsersRepo(tx);
    const plan = planUsernameKeys(await users.listUsernameKeys());
    await users.setUsernameKeys(plan.updates);
    for (const conflict of plan.conflicts) {
      warn('A member keeps their old username key: another member already holds the new one', conflict);
    }
    await tx
      .insert(dataVersions)
      .values({ name: MARKER, version: USERNAME_KEY_VERSION })
      .onConflictDoUpdate({ target: dataVersions.name, set: { version: USERNAME_KEY_VERSION, updatedAt: sql`now()` } });
    return { updated: plan.updates.length, conflicts: plan.conflicts.length };
  });
}
