import { spawn } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import { usernameKey } from '../../shared/entities/user';
import { openDatabase, type Database } from '../db/client';
import { moderationLog } from '../db/schema';
import { verifyPassword } from '../modules/auth';
import { createUsersRepo } from '../modules/users';
import { aMember, api, startTestServer, type TestServer } from '../testing/test-server';
import { passwordForNewOwner, type Terminal } from './ask-password';
import { makeOwner, OwnerError } from './make-owner';

/** `npm run owner -- <args>` as a process, on the embedded database in `dataDir`. */
function runOwnerScript(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/owner.ts', ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_DATABASE: 'pglite',
      LOG_LEVEL: 'silent',
      OWNER_PASSWORD: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/**
 * The embedded database in `dataDir`, started from the suite's migrated dump when there is one
 * (initdb on disk takes several seconds more).
 */
async function embeddedDatabase(dataDir: string): Promise<Database> {
  const snapshot = inject('pgliteSnapshot');
  if (snapshot) {
    const client = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: await openAsBlob(snapshot) });
    await client.waitReady;
    await client.close();
  }
  return openDatabase({ databaseUrl: undefined, dataDir, inMemory: false, embedded: 'pglite' });
}

describe('npm run owner, as a process on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-owner-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // One process: the command's wiring (arguments, environment, database, output, exit code). The
  // rules (promotion, refusals) are tested in-process below, where they cost no process start.
  it('creates the owner with OWNER_PASSWORD in the embedded database, and says so', async () => {
    await (await embeddedDatabase(dataDir)).close();
    const created = await runOwnerScript(dataDir, ['نادية الشمري'], { OWNER_PASSWORD: 'كلمة-سر-طويلة' });
    expect(created.stderr).toBe('');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringContaining('created as the owner') });

    const database = await openDatabase({ databaseUrl: undefined, dataDir, inMemory: false, embedded: 'pglite' });
    const owner = await createUsersRepo(database.db).findMemberByKey(usernameKey('نادية الشمري'));
    expect(owner).toMatchObject({ role: 'owner', userType: 'member', username: 'نادية الشمري' });
    expect(await verifyPassword('كلمة-سر-طويلة', owner!.passwordHash!)).toBe(true);
    const logged = await database.db.select().from(moderationLog).where(eq(moderationLog.targetId, owner!.id));
    expect(logged).toMatchObject([
      { action: 'setRole', reason: 'owner', details: { role: 'owner', via: 'npm run owner' } },
    ]);
    await database.close();
  }, 120_000);
});

describe('makeOwner', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const password = async () => 'password-123';

  it('applies the registration rules to the name and the password, in Arabic', async () => {
    const { db } = server.app.database;
    await expect(makeOwner(db, 'a$', password)).rejects.toThrow(ERROR_MESSAGES.USERNAME_INVALID_CHARS);
    await expect(makeOwner(db, 'superadmin', password)).rejects.toThrow(ERROR_MESSAGES.USERNAME_RESERVED);
    await expect(makeOwner(db, 'سمير', async () => '123')).rejects.toBeInstanceOf(OwnerError);
    await expect(makeOwner(db, 'سمير', async () => '123')).rejects.toThrow(ERROR_MESSAGES.PASSWORD_TOO_SHORT);
  });

  it('promotes an existing member (any spelling of the name) without asking for a password', async () => {
    const { db } = server.app.database;
    const huda = await aMember(server, 'Huda');
    const ask = vi.fn(password);
    const { outcome, user } = await makeOwner(db, 'HUDA', ask);
    expect({ outcome, id: user.id, role: user.role }).toEqual({ outcome: 'promoted', id: huda.user.id, role: 'owner' });
    expect(ask).not.toHaveBeenCalled();
    const session = await api(server.url, '/api/auth/session', { cookie: huda.cookie });
    expect(session.body.user).toMatchObject({ role: 'owner' });
    const [logged] = await db.select().from(moderationLog).where(eq(moderationLog.targetId, huda.user.id));
    expect(logged).toMatchObject({ action: 'setRole', details: { role: 'owner', previousRole: 'member' } });
  });

  it('takes the password from OWNER_PASSWORD, and without it asks only on a terminal', async () => {
    const terminal = (env: NodeJS.ProcessEnv) => ({ ...process, env, stdin: { isTTY: false } }) as unknown as Terminal;
    await expect(passwordForNewOwner(terminal({ OWNER_PASSWORD: 'from-env-123' }))).resolves.toBe('from-env-123');
    await expect(passwordForNewOwner(terminal({}))).rejects.toThrow('set OWNER_PASSWORD');
  });

  it('asks on a terminal twice, without showing what is typed, and refuses two different answers', async () => {
    /** A terminal whose keyboard types `lines`, one after each question. */
    function typing(lines: string[]) {
      const stdin = new PassThrough() as PassThrough & { isTTY: boolean; setRawMode: (on: boolean) => void };
      const raw: boolean[] = [];
      stdin.isTTY = true;
      stdin.setRawMode = (on) => void raw.push(on);
      let shown = '';
      const stdout = {
        write(text: string) {
          shown += text;
          // Each question is answered once it is on screen, as a person would.
          if (text.endsWith(': ')) setImmediate(() => stdin.write(lines.shift() ?? ''));
          return true;
        },
      };
      const terminal = { stdin, stdout, env: {} } as unknown as Terminal;
      return { terminal, shown: () => shown, raw };
    }
    const same = typing(['long-password-1\r', 'long-password-1\r']);
    await expect(passwordForNewOwner(same.terminal)).resolves.toBe('long-password-1');
    expect(same.shown()).not.toContain('long-password-1');
    expect(same.shown()).toContain('Password for the new owner: ');
    expect(same.raw).toEqual([true, false, true, false]);
    // A mistyped letter taken back with backspace is not part of the password.
    const corrected = typing(['long-passwordX\u007f-1\n', 'long-password-1\n']);
    await expect(passwordForNewOwner(corrected.terminal)).resolves.toBe('long-password-1');
    const differ = typing(['long-password-1\r', 'long-password-2\r']);
    await expect(passwordForNewOwner(differ.terminal)).rejects.toThrow('The two passwords differ.');
    const cancelled = typing(['\u0003']);
    await expect(passwordForNewOwner(cancelled.terminal)).rejects.toThrow('Cancelled.');
  });

  it('makes an owner who signs in as one and may hand out the admin role', async () => {
    const { db } = server.app.database;
    const { outcome, user } = await makeOwner(db, '  ريم  ', password);
    expect(outcome).toBe('created');
    expect(user.username).toBe('ريم');
    expect((await makeOwner(db, 'ريم', password)).outcome).toBe('unchanged');
    const login = await api(server.url, '/api/auth/login', { body: { username: 'ريم', password: 'password-123' } });
    expect(login.body.user).toMatchObject({ role: 'owner' });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const colleague = await aMember(server, 'زميلة');
    const promoted = await api(server.url, `/api/users/${colleague.user.id}/role`, {
      method: 'PUT',
      cookie,
      body: { role: 'admin' },
    });
    expect(promoted.body.user).toMatchObject({ role: 'admin' });
  });
});
