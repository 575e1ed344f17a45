import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Message } from '../../shared/entities/message';
import { aPng } from '../testing/test-images';
import {
  aMember,
  api,
  apiForm,
  connect,
  cookieFrom,
  joinRoom,
  startTestServer,
  type TestServer,
} from '../testing/test-server';
import { embeddedPostgresProblem } from '../db/embedded-postgres';
import { backupName, BackupError, createBackup, listBackups, pruneBackups, restoreBackup } from './backup';

const PASSWORD = 'password-123';

/** `npm run <script>` as a process, on the embedded database in `dataDir`. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATABASE_URL: '', BACKUP_DIR: '', LOG_LEVEL: 'silent', ...env },
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

interface Written {
  username: string;
  text: string;
  imageUrl: string;
  imageBytes: Buffer;
  avatarUrl: string;
  cookie: string;
}

/** A member, a message, a picture sent in a message and an avatar: what a backup must keep. */
async function writeSomething(server: TestServer): Promise<Written> {
  const username = `نادية ${randomBytes(2).toString('hex')}`;
  const member = await aMember(server, username);
  const socket = await connect(server.url, member.cookie);
  try {
    await joinRoom(socket, 'general');
    const text = 'رسالة يجب أن تبقى بعد الاستعادة';
    expect(
      await socket.emitWithAck('publicMessage', { roomId: 'general', content: text, clientMessageId: 'backup-text' }),
    ).toMatchObject({ ok: true });
    const png = new Uint8Array(await aPng(400, 300));
    const upload = await apiForm(server.url, '/api/uploads/image', {
      cookie: member.cookie,
      files: { image: { data: png, type: 'image/png', name: 'photo.png' } },
    });
    expect(upload.status).toBe(200);
    const imageUrl = (upload.body.image as { url: string }).url;
    expect(
      await socket.emitWithAck('publicMessage', {
        roomId: 'general',
        content: imageUrl,
        messageType: 'image',
        clientMessageId: 'backup-image',
      }),
    ).toMatchObject({ ok: true });
    const avatar = await apiForm(server.url, `/api/users/${member.user.id}/avatar`, {
      cookie: member.cookie,
      files: { avatar: { data: png, type: 'image/png', name: 'me.png' } },
    });
    expect(avatar.status).toBe(200);
    const avatarUrl = (avatar.body.user as { profileImage: string }).profileImage;
    const imageBytes = Buffer.from(await (await fetch(server.url + imageUrl)).arrayBuffer());
    return { username, text, imageUrl, imageBytes, avatarUrl, cookie: member.cookie };
  } finally {
    socket.close();
  }
}

/** Everything `writeSomething` wrote, read back through the site. */
async function expectStillThere(server: TestServer, written: Written): Promise<void> {
  const login = await api(server.url, '/api/auth/login', { body: { username: written.username, password: PASSWORD } });
  expect(login.status).toBe(200);
  // The session from before the backup is valid too (the session secret and the sessions table came back).
  expect((await api(server.url, '/api/auth/session', { cookie: written.cookie })).status).toBe(200);
  const latest = await api(server.url, '/api/messages/room/general/latest', { cookie: cookieFrom(login.headers) });
  expect(latest.status).toBe(200);
  const contents = (latest.body.messages as Message[]).map((message) => message.content);
  expect(contents).toEqual(expect.arrayContaining([written.text, written.imageUrl]));
  const image = await fetch(server.url + written.imageUrl);
  expect(image.status).toBe(200);
  expect(Buffer.from(await image.arrayBuffer()).equals(written.imageBytes)).toBe(true);
  expect((await fetch(server.url + written.avatarUrl)).status).toBe(200);
}

const temporary: string[] = [];
function tempDir(label: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `majlis-${label}-`));
  temporary.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

describe('old backups', () => {
  it('are deleted after the days kept, newer ones and other folders are not', () => {
    const dir = tempDir('prune');
    const now = new Date('2026-11-26T04:00:00Z');
    const ages = [40, 31, 29, 1];
    for (const days of ages) mkdirSync(path.join(dir, backupName(new Date(now.getTime() - days * 86_400_000))));
    mkdirSync(path.join(dir, 'not-a-backup'));
    const removed = pruneBackups(dir, now, 30);
    expect(removed).toEqual([40, 31].map((days) => backupName(new Date(now.getTime() - days * 86_400_000))));
    expect(listBackups(dir).map((backup) => backup.name)).toEqual(
      [29, 1].map((days) => backupName(new Date(now.getTime() - days * 86_400_000))),
    );
    expect(readdirSync(dir)).toContain('not-a-backup');
  });
});

/**
 * A site's DATA_DIR with its session secret; with `pglite`, also a PGlite database on disk (the
 * suite's migrated dump: initdb on disk takes seconds more). `shared`: open to others as a site's
 * folder is (as root, the embedded PostgreSQL runs as "nobody").
 */
async function siteFolder(label: string, what: { pglite?: boolean; shared?: boolean } = {}) {
  const dataDir = tempDir(label);
  if (what.shared) chmodSync(dataDir, 0o755);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path.join(dataDir, 'session-secret'), secret, { mode: 0o600 });
  if (what.pglite) {
    const client = new PGlite(path.join(dataDir, 'pglite'), {
      loadDataDir: await openAsBlob(inject('pgliteSnapshot')!),
    });
    await client.waitReady;
    await client.close();
  }
  return { dataDir, secret };
}

/** Empties DATA_DIR (all but its backups), restores `backup` into it, and checks `written` on a site started there. */
async function restoreAndCheck(
  target: { databaseUrl: undefined; dataDir: string; backupDir: string },
  backup: string,
  options: Parameters<typeof startTestServer>[0],
  written: Written,
): Promise<void> {
  for (const name of readdirSync(target.dataDir))
    if (name !== 'backups') rmSync(path.join(target.dataDir, name), { recursive: true, force: true });
  await restoreBackup(target, backup);
  const server = await startTestServer(options);
  try {
    await expectStillThere(server, written);
  } finally {
    await server.close();
  }
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore of the embedded database', () => {
  it(
    'keeps messages, accounts, sessions and pictures through backup → wipe → restore',
    { timeout: 120_000 },
    async () => {
      const { dataDir, secret } = await siteFolder('backup-data', { pglite: true });
      const backupDir = path.join(dataDir, 'backups');
      const options = { inMemoryDatabase: false, embeddedDatabase: 'pglite' as const, dataDir, sessionSecret: secret };

      const server = await startTestServer(options);
      const written = await writeSomething(server);
      // While the server holds the embedded database, a backup is refused in clear words.
      await expect(createBackup({ databaseUrl: undefined, dataDir, backupDir }, { keepDays: 30 })).rejects.toThrow(
        /is open: stop the server first/,
      );
      await server.close();

      const made = await runScript('backup', [], { DATA_DIR: dataDir, EMBEDDED_DATABASE: 'pglite' });
      expect(made.stderr).toBe('');
      expect(made).toMatchObject({ code: 0, stdout: expect.stringContaining('Backed up the embedded database') });
      const [backup] = listBackups(backupDir);
      expect(backup).toBeDefined();
      expect(JSON.parse(readFileSync(path.join(backup!.path, 'manifest.json'), 'utf8'))).toMatchObject({
        database: 'embedded',
        databaseFile: 'database.tar.gz',
      });
      // The backups are not backed up into themselves.
      expect(existsSync(path.join(backup!.path, 'files', 'backups'))).toBe(false);

      // Not over a data directory that holds anything.
      const target = { databaseUrl: undefined, dataDir, backupDir };
      await expect(restoreBackup(target, backup!.name)).rejects.toThrow(
        /Refusing to restore: the data directory .* is not empty \(it holds pglite, /,
      );
      await restoreAndCheck(target, backup!.name, options, written);
      expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(secret);
    },
  );

  it.skipIf(embeddedPostgresProblem(tmpdir()) !== undefined)(
    'of the embedded PostgreSQL: online while the site runs, or its folder after a clean stop, each restored into an empty DATA_DIR',
    { timeout: 240_000 },
    async () => {
      const { dataDir, secret } = await siteFolder('backup-embedded-pg', { shared: true });
      const backupDir = path.join(dataDir, 'backups');
      const options = {
        inMemoryDatabase: false,
        embeddedDatabase: 'postgres' as const,
        dataDir,
        sessionSecret: secret,
      };

      const server = await startTestServer(options);
      expect(server.app.database).toMatchObject({ driver: 'postgres', location: 'embedded' });
      const written = await writeSomething(server);
      // While the site runs: an online backup, by the command an operator's timer runs.
      const online = await runScript('backup', [], { DATA_DIR: dataDir });
      expect(online).toMatchObject({ code: 0, stdout: expect.stringContaining('Backed up the embedded database') });
      // The site went on meanwhile, and goes on after.
      const later = await aMember(server, `بعد النسخة ${randomBytes(2).toString('hex')}`);
      expect((await api(server.url, '/api/auth/session', { cookie: later.cookie })).status).toBe(200);
      await server.close();

      // One backup per second: the next one is named after a later second.
      const first = listBackups(backupDir)[0]!;
      while (backupName(new Date()) === first.name) await new Promise((resolve) => setTimeout(resolve, 100));
      const stopped = await runScript('backup', [], { DATA_DIR: dataDir });
      expect(stopped).toMatchObject({ code: 0, stdout: expect.stringContaining('Backed up the embedded database') });
      const backups = listBackups(backupDir);
      expect(backups).toHaveLength(2);
      for (const backup of backups) {
        expect(JSON.parse(readFileSync(path.join(backup.path, 'manifest.json'), 'utf8'))).toMatchObject({
          database: 'embedded-postgres',
          databaseFile: 'database-postgres',
        });
        // The database folder is the database's, not copied again among the files.
        expect(existsSync(path.join(backup.path, 'files', 'postgres'))).toBe(false);
      }
      // The online copy carries the label and WAL a server needs to start from it; the stopped one needs none.
      expect(existsSync(path.join(backups[0]!.path, 'database-postgres', 'backup_label'))).toBe(true);
      expect(existsSync(path.join(backups[0]!.path, 'database-postgres', 'postmaster.pid'))).toBe(false);
      expect(existsSync(path.join(backups[1]!.path, 'database-postgres', 'backup_label'))).toBe(false);

      const target = { databaseUrl: undefined, dataDir, backupDir };
      await expect(restoreBackup(target, backups[0]!.name)).rejects.toThrow(/is not empty \(it holds postgres, /);
      for (const backup of backups) await restoreAndCheck(target, backup.name, options, written);
    },
  );

  it.skipIf(embeddedPostgresProblem(tmpdir()) !== undefined)(
    'moves a site made on PGlite to the embedded PostgreSQL: every row and sequence, PGlite set aside',
    { timeout: 240_000 },
    async () => {
      const { dataDir, secret } = await siteFolder('move-to-postgres', { pglite: true, shared: true });
      const site = { inMemoryDatabase: false, dataDir, sessionSecret: secret };

      let server = await startTestServer({ ...site, embeddedDatabase: 'auto' });
      // A folder holding PGlite stays on PGlite until it is moved.
      expect(server.app.database).toMatchObject({ driver: 'pglite' });
      const written = await writeSomething(server);
      // Refused while the site holds PGlite, in clear words.
      const refused = await runScript('move-to-postgres', [], { DATA_DIR: dataDir });
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining('is open: stop the site first') });
      await server.close();

      const moved = await runScript('move-to-postgres', [], { DATA_DIR: dataDir });
      expect(moved.stderr).toBe('');
      expect(moved).toMatchObject({ code: 0, stdout: expect.stringContaining('to the embedded PostgreSQL') });
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(readdirSync(dataDir).some((name) => name.startsWith('pglite-moved-'))).toBe(true);

      server = await startTestServer({ ...site, embeddedDatabase: 'auto' });
      try {
        expect(server.app.database).toMatchObject({ driver: 'postgres', location: 'embedded' });
        await expectStillThere(server, written);
        // The sequences went along: new rows get new ids, none taken by a moved row.
        const after = await writeSomething(server);
        await expectStillThere(server, after);
      } finally {
        await server.close();
      }
      // Nothing left to move, and a second PostgreSQL is never written over.
      const again = await runScript('move-to-postgres', [], { DATA_DIR: dataDir });
      expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('no PGlite database') });
    },
  );

  it('refuses an embedded backup when DATABASE_URL is set, and a folder that is no backup', async () => {
    const backupDir = tempDir('backup-kinds');
    const dir = path.join(backupDir, backupName(new Date()));
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({ format: 'majlis-backup', version: 1, database: 'embedded', databaseFile: 'database.tar.gz' }),
    );
    const target = { databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: tempDir('empty'), backupDir };
    await expect(restoreBackup(target, dir)).rejects.toThrow(/holds the embedded database, but DATABASE_URL is set/);
    await expect(restoreBackup(target, path.join(backupDir, 'nothing'))).rejects.toThrow(BackupError);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('backup and restore on PostgreSQL', () => {
  it(
    'keeps messages, accounts and pictures: pg_dump while the site runs, pg_restore into an empty database',
    {
      timeout: 120_000,
    },
    async () => {
      const { dataDir, secret } = await siteFolder('backup-pg');
      const backupDir = tempDir('backup-pg-out');
      // Its own database (dropped on close): the wipe.
      let server = await startTestServer({ dataDir, sessionSecret: secret });
      let written: Written;
      let backupPath: string;
      try {
        written = await writeSomething(server);
        const result = await createBackup(
          { databaseUrl: server.config.databaseUrl, dataDir, backupDir },
          { keepDays: 30 },
        );
        backupPath = result.path;
        expect(result.manifest).toMatchObject({ database: 'postgres', databaseFile: 'database.pgdump' });
      } finally {
        await server.close();
      }
      for (const name of readdirSync(dataDir)) rmSync(path.join(dataDir, name), { recursive: true, force: true });

      // A fresh database of this test's own, never the shared one.
      const name = `majlis_restore_${randomBytes(6).toString('hex')}`;
      const base = process.env.TEST_DATABASE_URL!;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      try {
        await restoreBackup({ databaseUrl, dataDir, backupDir }, backupPath);
        // Again over what it restored: refused for the folder, and for the database.
        await expect(restoreBackup({ databaseUrl, dataDir, backupDir }, backupPath)).rejects.toThrow(
          /the data directory .* is not empty/,
        );
        await expect(restoreBackup({ databaseUrl, dataDir: tempDir('empty'), backupDir }, backupPath)).rejects.toThrow(
          /the database at DATABASE_URL is not empty/,
        );
        server = await startTestServer({ dataDir, sessionSecret: secret, databaseUrl });
        try {
          await expectStillThere(server, written);
        } finally {
          await server.close();
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
