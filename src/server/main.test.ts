import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Message } from '../shared/entities/message';
import { embeddedPostgresProblem } from './db/embedded-postgres';
import { seedRooms } from './db/seed';
import { api, connect, enterAsGuest, joinRoom } from './testing/test-server';
import { freePort } from './testing/free-port';

const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-main-'));
// Open to others as a site's folder is: as root, the embedded PostgreSQL runs as "nobody".
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The real entry point, as `npm start` runs it, on an embedded database in a temporary DATA_DIR. */
async function startProcess(
  port: number,
): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // The process says so on its standard output once it listens (main.ts).
  const listening = await new Promise<boolean>((resolve) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Majlis is listening on')) resolve(true);
    });
    void exited.then(() => resolve(false));
  });
  if (listening) return { child, url, exited };
  throw new Error('server did not start');
}

describe('the server process', () => {
  it('stops cleanly on SIGTERM without losing acknowledged messages, and restarts on the same data', async () => {
    const port = await freePort();
    const first = await startProcess(port);
    // Pages render in the real process too (the JSX of src/web compiled the way `npm run dev` runs it).
    const page = await fetch(`${first.url}/egypt/cairo`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('شات القاهرة');
    // The embedded default is a PostgreSQL server of the site's own, where this platform has one.
    const health = (await (await fetch(`${first.url}/api/health`)).json()) as { database: string };
    expect(health.database).toBe(embeddedPostgresProblem(dataDir) ? 'pglite' : 'postgres');
    const guest = await enterAsGuest(first.url, 'ثابت');
    const socket = await connect(first.url, guest.cookie);
    await joinRoom(socket, 'general');

    const settled = await socket
      .timeout(5000)
      .emitWithAck('publicMessage', { roomId: 'general', content: 'قبل الإيقاف' });
    expect(settled.ok).toBe(true);
    // Sends in flight while the server is asked to stop: every acknowledged one must survive.
    const acks = Array.from({ length: 5 }, (_, i) =>
      socket
        .timeout(5000)
        .emitWithAck('publicMessage', { roomId: 'general', content: `قبل الإيقاف ${i}` })
        .then((reply) => (reply.ok ? reply.message : null))
        .catch(() => null),
    );
    first.child.kill('SIGTERM');
    const acknowledged = [settled.ok ? settled.message : null, ...(await Promise.all(acks))].filter(
      (m): m is Message => m !== null,
    );
    expect(await first.exited).toBe(0);
    socket.close();

    const second = await startProcess(port);
    try {
      // The session cookie still works (sessions and the secret live in DATA_DIR).
      const session = await api(second.url, '/api/auth/session', { cookie: guest.cookie });
      expect(session.body.user).toMatchObject({ id: guest.user.id, username: 'ثابت' });
      const latest = await api(second.url, '/api/messages/room/general/latest?limit=12', { cookie: guest.cookie });
      const stored = (latest.body.messages as Message[]).map((m) => m.id);
      for (const message of acknowledged) expect(stored).toContain(message.id);
      const rooms = await api(second.url, '/api/rooms');
      expect(rooms.body.rooms).toHaveLength(seedRooms().length);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 150_000);

  it('refuses invalid configuration with a message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
  }, 30_000);
});
