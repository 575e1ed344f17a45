import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseEmbeddedEngine, openDatabase, type Database } from './client';
import { embeddedPostgresProblem, EMBEDDED_POSTGRES_DIR } from './embedded-postgres';
import { rooms } from './schema';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR as a site has one: open to others (as root, PostgreSQL runs as "nobody"). */
function siteDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'majlis-embedded-'));
  chmodSync(dir, 0o755);
  made.push(dir);
  return dir;
}

const lines: string[] = [];
const log = {
  info: () => undefined,
  warn: (line: string) => lines.push(line),
  error: (line: string) => lines.push(line),
};

const open = (dataDir: string, role: 'server' | 'tool' = 'server') =>
  openDatabase({ databaseUrl: undefined, dataDir, inMemory: false, embedded: 'postgres', role, log });

const roomNames = async (database: Database) =>
  (await database.db.select({ name: rooms.name }).from(rooms)).map((room) => room.name);

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, EMBEDDED_POSTGRES_DIR, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const usable = embeddedPostgresProblem(siteDir()) === undefined;

describe.skipIf(!usable)('the embedded PostgreSQL', () => {
  it('is created and migrated on first start, and keeps what was committed across a restart', async () => {
    const dataDir = siteDir();
    const first = await open(dataDir);
    expect(first.driver).toBe('postgres');
    expect(first.location).toBe('embedded');
    await first.db.insert(rooms).values({ id: 'kept', name: 'غرفة باقية' });
    await first.close();

    const again = await open(dataDir);
    expect(await roomNames(again)).toContain('غرفة باقية');
    await again.close();
  });

  it('refuses a second site on the same DATA_DIR, and lets a command join the running one', async () => {
    const dataDir = siteDir();
    const site = await open(dataDir);
    await expect(open(dataDir)).rejects.toThrow(/Another Majlis server is using/);
    const tool = await open(dataDir, 'tool');
    await tool.db.insert(rooms).values({ id: 'from-tool', name: 'من الأداة' });
    await tool.close();
    // The command left the site's database server running.
    expect(await roomNames(site)).toContain('من الأداة');
    await site.close();
  });

  it('is started again when it dies while the site runs', async () => {
    const dataDir = siteDir();
    const site = await open(dataDir);
    const before = postmasterPid(dataDir);
    process.kill(before, 'SIGKILL');
    await eventually(async () => (await roomNames(site)).length >= 0 && postmasterPid(dataDir) !== before);
    expect(lines.some((line) => /starting it again/.test(line))).toBe(true);
    await site.close();
  });

  it('stops a database server left running by a killed site, then starts with its data', async () => {
    const dataDir = siteDir();
    // A site in a process of its own, killed without a chance to stop its database server.
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import { openDatabase } from './src/server/db/client.ts';
         const db = await openDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(dataDir)}, inMemory: false, embedded: 'postgres' });
         await db.db.execute("INSERT INTO rooms (id, name) VALUES ('orphaned', 'قبل القتل')");
         console.log('ready');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) =>
      child.stdout!.on('data', (chunk: Buffer) => chunk.includes('ready') && resolve()),
    );
    const orphan = postmasterPid(dataDir);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    const site = await open(dataDir);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    expect(await roomNames(site)).toContain('قبل القتل');
    await site.close();
  });
});

describe('choosing the embedded engine', () => {
  it('keeps a site whose DATA_DIR holds a PGlite database on PGlite', () => {
    const dataDir = siteDir();
    mkdirSync(path.join(dataDir, 'pglite'));
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    expect(chooseEmbeddedEngine(dataDir, 'auto')).toBe('pglite');
    rmSync(path.join(dataDir, 'pglite'), { recursive: true });
    expect(chooseEmbeddedEngine(dataDir, 'auto')).toBe(usable ? 'postgres' : 'pglite');
    expect(chooseEmbeddedEngine(dataDir, 'pglite')).toBe('pglite');
  });

  it.skipIf(process.getuid?.() !== 0 || !usable)(
    'as root, falls back to PGlite with a warning when "nobody" cannot enter DATA_DIR',
    () => {
      const closed = mkdtempSync(path.join(tmpdir(), 'majlis-closed-'));
      made.push(closed);
      const warnings: string[] = [];
      const engine = chooseEmbeddedEngine(path.join(closed, 'data'), 'auto', { ...log, warn: (w) => warnings.push(w) });
      expect(engine).toBe('pglite');
      expect(warnings.join()).toMatch(/cannot enter/);
      expect(() => chooseEmbeddedEngine(path.join(closed, 'data'), 'postgres')).toThrow(/EMBEDDED_DATABASE=postgres/);
    },
  );
});
