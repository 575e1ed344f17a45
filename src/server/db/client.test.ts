import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, enterAsGuest, startTestServer, type TestServer } from '../testing/test-server';
import { openDatabase, PGLITE_SETTINGS, type Db } from './client';
import { rooms } from './schema';

async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** How many migrations drizzle-kit has written: each must be applied exactly once. */
const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite snapshots', () => {
  // Made in beforeAll: the describe body runs even when the block is skipped, and then afterAll does not.
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'majlis-snapshot-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("start from the run's migrated, seeded dump and find nothing left to migrate", async () => {
    const snapshot = inject('pgliteSnapshot');
    expect(snapshot).toBeTruthy();
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, inMemory: true, snapshot });
    expect(await appliedMigrations(database.db)).toBe(MIGRATIONS);
    expect((await database.db.select().from(rooms)).length).toBeGreaterThan(20);
    await database.close();
  });

  it('still get every migration when the dump predates them', async () => {
    // A dump taken before any migration ran: the oldest a dump can be.
    const old = new PGlite({ loadDataDir: await openAsBlob(inject('pgliteSnapshot')!) });
    await old.exec('DROP SCHEMA drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    const file = path.join(dir, 'old.tar');
    await writeFile(file, new Uint8Array(await (await old.dumpDataDir('none')).arrayBuffer()));
    await old.close();
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir, inMemory: true, snapshot: file });
    expect(await appliedMigrations(database.db)).toBe(MIGRATIONS);
    expect(await database.db.select().from(rooms)).toEqual([]);
    await database.close();
    // Every migration from nothing: about 10 s alone, twice that beside the rest of the suite.
  }, 60_000);

  it('run the on-disk engine small: 16 MB of shared buffers instead of 128, data kept across reopening', async () => {
    const diskDir = path.join(dir, 'disk');
    const first = await openDatabase({ databaseUrl: undefined, dataDir: diskDir, inMemory: false, embedded: 'pglite' });
    await first.db.execute(sql`CREATE TABLE kept (v text)`);
    await first.db.execute(sql`INSERT INTO kept VALUES ('باقٍ')`);
    await first.close();
    const again = await openDatabase({ databaseUrl: undefined, dataDir: diskDir, inMemory: false, embedded: 'pglite' });
    const shown = (await again.db.execute(sql`SHOW shared_buffers`)) as unknown as {
      rows: { shared_buffers: string }[];
    };
    expect(shown.rows[0]!.shared_buffers).toBe(PGLITE_SETTINGS.shared_buffers);
    const kept = (await again.db.execute(sql`SELECT v FROM kept`)) as unknown as { rows: { v: string }[] };
    expect(kept.rows).toEqual([{ v: 'باقٍ' }]);
    await again.close();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('PostgreSQL connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('survive the database dropping them (restart, failover, idle timeout)', async () => {
    await enterAsGuest(server.url, 'قبل');
    const database = new URL(server.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const killed = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // The pool replaces the connections it lost.
    await expect.poll(async () => (await api(server.url, '/api/health')).status).toBe(200);
    await enterAsGuest(server.url, 'بعد');
  });
});
