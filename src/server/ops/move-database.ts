// Moving a site made on PGlite to the embedded PostgreSQL (`npm run move-to-postgres`, with the
// site stopped): every row, table by table, and every sequence's position, then PGlite's folder
// set aside so the next start chooses PostgreSQL.
import { existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrateClient, openPgliteFolder } from '../db/client';
import {
  EMBEDDED_POSTGRES_DIR,
  embeddedPostgresProblem,
  hasEmbeddedPostgres,
  quietLog,
  startEmbeddedPostgres,
} from '../db/embedded-postgres';
import { BackupError } from './backup';

/** Rows read from PGlite and written to PostgreSQL at a time. */
const BATCH = 500;

export interface MoveResult {
  tables: number;
  rows: number;
  /** Tables the migrations do not make (the site makes them again at its start): not moved. */
  skipped: string[];
  /** Where PGlite's folder now is (kept until the operator deletes it). */
  setAside: string;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function moveToEmbeddedPostgres(dataDir: string, now = new Date()): Promise<MoveResult> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION')))
    throw new BackupError(`There is no PGlite database in ${pgliteDir}: nothing to move (is DATA_DIR right?).`);
  if (existsSync(path.join(pgliteDir, 'postmaster.pid')))
    throw new BackupError(
      `The PGlite database in ${pgliteDir} is open: stop the site first (systemctl stop majlis), then run this again.`,
    );
  if (hasEmbeddedPostgres(dataDir))
    throw new BackupError(
      `${path.join(dataDir, EMBEDDED_POSTGRES_DIR)} already holds a PostgreSQL database: the move writes only into a new one. ` +
        `Move that folder away first if it holds nothing you need.`,
    );
  const problem = embeddedPostgresProblem(dataDir);
  if (problem) throw new BackupError(`The embedded PostgreSQL cannot run here: ${problem}.`);

  const lite = await openPgliteFolder(dataDir);
  let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let target: pg.Client | undefined;
  try {
    server = await startEmbeddedPostgres({ dataDir, log: quietLog, role: 'tool' });
    target = new pg.Client(server.connection);
    await target.connect();
    await migrateClient(target);
    const result = await copyRows(lite, target);
    await target.end();
    target = undefined;
    await server.stop();
    server = undefined;
    await lite.close();
    const setAside = path.join(dataDir, `pglite-moved-${now.toISOString().replace(/[:.]/g, '-')}`);
    renameSync(pgliteDir, setAside);
    return { ...result, setAside };
  } catch (error) {
    await target?.end().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await lite.close().catch(() => undefined);
    // A half-filled PostgreSQL is not left for the site to start on; PGlite is untouched.
    rmSync(path.join(dataDir, EMBEDDED_POSTGRES_DIR), { recursive: true, force: true });
    throw error;
  }
}

type Lite = Awaited<ReturnType<typeof openPgliteFolder>>;

/**
 * Every table of the public schema, copied in one transaction with foreign keys and triggers
 * paused (`session_replication_role`), then sequences set where PGlite's were. Each row travels
 * as PostgreSQL's own JSON of it and is read back by `json_populate_recordset`, so every type
 * (timestamps, JSON, tsvector, bytea, arrays) is written by PostgreSQL's own input functions.
 */
async function copyRows(lite: Lite, target: pg.Client): Promise<{ tables: number; rows: number; skipped: string[] }> {
  const tablesOf = async (query: (text: string) => Promise<{ rows: { name: string }[] }>) =>
    (await query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map(
      (r) => r.name,
    );
  const held = await tablesOf((text) => lite.query<{ name: string }>(text));
  const made = new Set(await tablesOf((text) => target.query<{ name: string }>(text)));
  // The migrations make every table of the site's data; a table they do not make is one the site
  // makes for itself at start (the backfills' `data_versions`), and fills again then.
  const tables = held.filter((table) => made.has(table));
  const skipped = held.filter((table) => !made.has(table));
  let rows = 0;
  await target.query('BEGIN');
  try {
    await target.query('SET LOCAL session_replication_role = replica');
    for (const table of tables) {
      await lite.transaction(async (tx) => {
        await tx.query(
          `DECLARE moving NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t`,
        );
        for (;;) {
          const batch = (await tx.query<{ row: string }>(`FETCH ${BATCH} FROM moving`)).rows;
          if (batch.length === 0) break;
          await target.query(
            `INSERT INTO ${quoted(table)} OVERRIDING SYSTEM VALUE
             SELECT * FROM json_populate_recordset(null::${quoted(table)}, $1::json)`,
            [`[${batch.map((r) => r.row).join(',')}]`],
          );
          rows += batch.length;
        }
      });
    }
    const sequences = await lite.query<{ name: string; last: string | null }>(
      `SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
    );
    for (const { name, last } of sequences.rows)
      if (last !== null) await target.query('SELECT setval($1::regclass, $2::bigint, true)', [quoted(name), last]);
    await target.query('COMMIT');
  } catch (error) {
    await target.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  // Checked after the commit, table by table: what PGlite holds, PostgreSQL holds.
  for (const table of tables) {
    const count = `SELECT count(*)::int AS n FROM ${quoted(table)}`;
    const [from, to] = [
      (await lite.query<{ n: number }>(count)).rows[0]!.n,
      (await target.query<{ n: number }>(count)).rows[0]!.n,
    ];
    if (from !== to)
      throw new BackupError(`Table ${table}: ${from} rows in PGlite, ${to} in PostgreSQL after the move.`);
  }
  return { tables: tables.length, rows, skipped };
}
