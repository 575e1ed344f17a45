import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, enterAsGuest, sleep, startTestServer, type TestServer } from '../testing/test-server';

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
    await sleep(200);
    expect((await api(server.url, '/api/health')).status).toBe(200);
    await enterAsGuest(server.url, 'بعد');
  });
});
