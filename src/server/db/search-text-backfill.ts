import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { SEARCH_TEXT_VERSION, searchTextOf } from '../../shared/text/search';
import type { Db } from './client';
import { messages } from './schema';

/** The marker's name in `data_versions` (the table `username-key-backfill.ts` keeps). */
const MARKER = 'message_search_text';
/** Rows read and written per statement: a few milliseconds of locks each. */
const BATCH = 2000;

/** The bookkeeping table of start-up backfills (created by them, outside the app's schema). */
const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
});

async function storedVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.name, MARKER));
  return row?.version ?? 0;
}

/**
 * Fills the search text of text messages stored before it existed (the migration adds the column
 * empty: the folding is TypeScript, `shared/text/search.ts`, and must be the very one new messages
 * get), or after the folding changed (`SEARCH_TEXT_VERSION`). Walks the table by id in batches; new
 * messages carry their own. Costs one small query once done. Two nodes starting together do the
 * same idempotent work.
 */
export async function backfillSearchText(db: Db): Promise<{ updated: number }> {
  await db.execute(
    sql`CREATE TABLE IF NOT EXISTS data_versions (name text PRIMARY KEY, version integer NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
  );
  if ((await storedVersion(db)) >= SEARCH_TEXT_VERSION) return { updated: 0 };
  let updated = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: messages.id, content: messages.content })
      .from(messages)
      .where(and(eq(messages.messageType, 'text'), gt(messages.id, after)))
      .orderBy(asc(messages.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::bigint, ${searchTextOf(row.content)})`),
      sql`, `,
    );
    await db.execute(
      sql`UPDATE messages SET search_vector = to_tsvector('simple', v.search_text) FROM (VALUES ${values}) AS v(id, search_text) WHERE messages.id = v.id`,
    );
    updated += rows.length;
  }
  await db.execute(
    sql`INSERT INTO data_versions (name, version) VALUES (${MARKER}, ${SEARCH_TEXT_VERSION})
        ON CONFLICT (name) DO UPDATE SET version = excluded.version, updated_at = now()`,
  );
  return { updated };
}
