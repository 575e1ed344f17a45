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
import {
  embeddedPostgresProblem,
  EmbeddedPostgresError,
  hasEmbeddedPostgres,
  quietLog,
  startEmbeddedPostgres,
  type EmbeddedLog,
} from './embedded-postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repos are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** PostgreSQL at DATABASE_URL ('external'), or the site's own in DATA_DIR ('embedded', either engine). */
  location: 'external' | 'embedded';
  close(): Promise<void>;
}

/** Which engine keeps the embedded database (EMBEDDED_DATABASE): `auto` picks, see chooseEmbeddedEngine. */
export type EmbeddedEngineChoice = 'auto' | 'postgres' | 'pglite';

/**
 * `auto`: PostgreSQL when its binaries are installed for this platform, except for a site whose
 * DATA_DIR already holds a PGlite database (it stays on it until moved by backup and restore).
 */
export function chooseEmbeddedEngine(
  dataDir: string,
  choice: EmbeddedEngineChoice,
  log: EmbeddedLog = quietLog,
): 'postgres' | 'pglite' {
  if (choice === 'pglite') return 'pglite';
  const problem = embeddedPostgresProblem(dataDir);
  if (choice === 'postgres') {
    if (problem) throw new EmbeddedPostgresError(`EMBEDDED_DATABASE=postgres, but ${problem}.`);
    return 'postgres';
  }
  if (existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')) && !hasEmbeddedPostgres(dataDir)) return 'pglite';
  if (problem) {
    log.warn(
      `The embedded database runs on PGlite, which takes more memory: ${problem}. ` +
        'Run Majlis as a regular user (docs/deployment.md), or set EMBEDDED_DATABASE=pglite to say this is meant.',
    );
    return 'pglite';
  }
  return 'postgres';
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
  /** The embedded engine when there is no URL (default `auto`). */
  embedded?: EmbeddedEngineChoice;
  /** A site's server owns the embedded PostgreSQL; a command joins the running one (see startEmbeddedPostgres). */
  role?: 'server' | 'tool';
  log?: EmbeddedLog;
}

/** A node-postgres pool, migrated; `onClose` runs after the pool ends. */
async function openPostgres(
  config: pg.PoolConfig,
  options: OpenDatabaseOptions,
  location: Database['location'],
  onClose: () => Promise<void> = async () => undefined,
): Promise<Database> {
  const pool = new pg.Pool(config);
  // An idle connection dropped by the server (restart, failover, timeout) must not end the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzlePg(pool, { schema });
  try {
    await migratePg(db, { migrationsFolder: migrationsFolder() });
  } catch (error) {
    await pool.end();
    await onClose();
    throw error;
  }
  return {
    db: db as unknown as Db,
    driver: 'postgres',
    location,
    close: async () => {
      await pool.end();
      await onClose();
    },
  };
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
  if (options.databaseUrl) return openPostgres({ connectionString: options.databaseUrl, max: 10 }, options, 'external');
  if (
    !options.inMemory &&
    chooseEmbeddedEngine(options.dataDir, options.embedded ?? 'auto', options.log) === 'postgres'
  ) {
    const server = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      log: options.log ?? quietLog,
      role: options.role ?? 'server',
    });
    // Few connections: each is a process of its own; a small site's queries are short.
    return openPostgres({ ...server.connection, max: 5 }, options, 'embedded', () => server.stop());
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
  return { db: db as unknown as Db, driver: 'pglite', location: 'embedded', close: () => client.close() };
}

/** The site's PGlite in `dataDir/pglite`, opened and migrated, as its own client (moving it elsewhere). */
export async function openPgliteFolder(dataDir: string): Promise<PGlite> {
  const client = new PGlite(path.join(dataDir, 'pglite'), { startParams: pgliteStartParams() });
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
  return client;
}

/** Migrates the database of a connected node-postgres client (a fresh one, before rows are copied in). */
export async function migrateClient(client: pg.Client): Promise<void> {
  await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
}
