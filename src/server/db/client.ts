import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repos are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The embedded engine's settings on disk. PGlite starts PostgreSQL with 128 MB of shared buffers,
 * and a WebAssembly heap never gives memory back: a small site's working set fits in 16 MB, and
 * these (measured, docs/architecture.md "The embedded database's memory") take an idle restarted
 * process from about 340 MB to about 285. PGlite's own `-F` stays: WebAssembly's file layer has no fsync,
 * so a commit reaches the operating system (safe from a crash or SIGKILL of the process) either way.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  work_mem: '2MB',
} as const;

function pgliteStartParams(): string[] {
  const [single = '--single', ...rest] = PGlite.defaultStartParams;
  return [single, ...rest, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

/** drizzle-kit's output folder, found from this file in both the source tree and the bundle. */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/server/db → ../../../drizzle ; dist/server → ../../drizzle
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  inMemory: boolean;
  onError?: (error: Error) => void;
  /**
   * A PGlite data-directory dump (see writeSnapshot) an in-memory database starts from instead of
   * running initdb, which takes seconds. Migrations still run after it, so an older dump is fine.
   */
  snapshot?: string;
}

/** Writes a migrated in-memory PGlite, after `prepare` (seeding), to `file` for openDatabase's `snapshot`. */
export async function writeSnapshot(file: string, prepare: (db: Db) => Promise<void>): Promise<void> {
  const client = new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  await prepare(db as unknown as Db);
  // Uncompressed: it loads faster than gzip and is only a temporary file.
  const dump = await client.dumpDataDir('none');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  await client.close();
}

/** PostgreSQL when a URL is given, else embedded PGlite (on disk, or in memory for tests, maybe from a snapshot); migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover, timeout) must not end the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => options.onError?.(error));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: folder });
    return { db: db as unknown as Db, driver: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.inMemory) {
    client = options.snapshot ? new PGlite({ loadDataDir: await openAsBlob(options.snapshot) }) : new PGlite();
  } else {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams: pgliteStartParams() });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: folder });
  return { db: db as unknown as Db, driver: 'pglite', close: () => client.close() };
}
