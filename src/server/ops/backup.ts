// Backups of a site: its database (the embedded PGlite or PostgreSQL) and the files in DATA_DIR
// (uploaded pictures, the session secret). `npm run backup` / `npm run restore` (scripts/) call these.
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { EMBEDDED_POSTGRES_DIR, hasEmbeddedPostgres, quietLog, startEmbeddedPostgres } from '../db/embedded-postgres';

/** A refusal or failure told to the operator as it is, without a stack. */
export class BackupError extends Error {}

export interface BackupTarget {
  /** PostgreSQL when set, else the embedded database in DATA_DIR (`postgres/`, or PGlite's `pglite/`). */
  databaseUrl: string | undefined;
  dataDir: string;
  backupDir: string;
}

export interface Manifest {
  format: 'majlis-backup';
  version: 1;
  createdAt: string;
  /** 'embedded': PGlite; 'embedded-postgres': the site's own PostgreSQL server; 'postgres': DATABASE_URL. */
  database: 'embedded' | 'embedded-postgres' | 'postgres';
  /**
   * The database in the backup folder: a PGlite data-directory tarball, the embedded PostgreSQL's
   * data folder (copied after a clean shutdown), or pg_dump's custom format.
   */
  databaseFile: string;
  /** Files copied from DATA_DIR (under `files/`). */
  files: number;
}

const PREFIX = 'majlis-';
const PARTIAL = '.partial-';
const EMBEDDED_DIR = 'pglite';
/** The embedded databases' folders in DATA_DIR: backed up as the database, never as files. */
const DATABASE_ENTRIES = new Set([EMBEDDED_DIR, EMBEDDED_POSTGRES_DIR, 'postgres-socket']);
const DAY_MS = 86_400_000;

/** `majlis-2026-11-26T04-00-00Z`: sorts by time and names no character a shell or Windows minds. */
export function backupName(date: Date): string {
  return (
    PREFIX +
    date
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')
      .replace(/:/g, '-')
  );
}

function dateOfName(name: string): Date | undefined {
  const match = /^majlis-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/.exec(name);
  if (!match) return undefined;
  const date = new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The backups in `backupDir`, oldest first. */
export function listBackups(backupDir: string): { name: string; path: string; date: Date }[] {
  if (!existsSync(backupDir)) return [];
  return readdirSync(backupDir)
    .flatMap((name) => {
      const date = dateOfName(name);
      return date ? [{ name, path: path.join(backupDir, name), date }] : [];
    })
    .sort((a, b) => a.date.getTime() - b.date.getTime());
}

/** Deletes backups older than `keepDays` (and folders a stopped run left half-written a day ago). */
export function pruneBackups(backupDir: string, now: Date, keepDays: number): string[] {
  const removed: string[] = [];
  for (const backup of listBackups(backupDir)) {
    if (now.getTime() - backup.date.getTime() <= keepDays * DAY_MS) continue;
    rmSync(backup.path, { recursive: true, force: true });
    removed.push(backup.name);
  }
  if (existsSync(backupDir))
    for (const name of readdirSync(backupDir)) {
      const full = path.join(backupDir, name);
      if (name.startsWith(PARTIAL) && now.getTime() - statSync(full).mtimeMs > DAY_MS) {
        rmSync(full, { recursive: true, force: true });
        removed.push(name);
      }
    }
  return removed;
}

function inside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** What DATA_DIR holds besides the embedded database and the backups themselves. */
function dataEntries(target: BackupTarget): string[] {
  if (!existsSync(target.dataDir)) return [];
  return readdirSync(target.dataDir).filter(
    (name) => !DATABASE_ENTRIES.has(name) && !inside(target.backupDir, path.join(target.dataDir, name)),
  );
}

/** Whether an error says the file went away (a live database's folder changes while it is copied). */
function vanished(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Copies a tree, keeping modification times. A file unchanged since the previous backup (same size
 * and time: uploads are never rewritten in place) is hard-linked to it instead, so thirty daily
 * backups of the same pictures take the room of one. `skip` leaves out entries by their path
 * relative to `from`; a file that is gone by the time it is copied is left out too.
 */
function copyTree(
  from: string,
  to: string,
  previous: string | undefined,
  skip: (relative: string) => boolean = () => false,
  relative = '',
): number {
  mkdirSync(to, { recursive: true });
  let count = 0;
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const inTree = relative ? `${relative}/${entry.name}` : entry.name;
    if (skip(inTree)) continue;
    const source = path.join(from, entry.name);
    const destination = path.join(to, entry.name);
    const before = previous && path.join(previous, entry.name);
    if (entry.isDirectory()) {
      count += copyTree(source, destination, before, skip, inTree);
      continue;
    }
    if (!entry.isFile()) continue;
    try {
      const stat = statSync(source);
      const old = before && existsSync(before) ? statSync(before) : undefined;
      if (old?.isFile() && old.size === stat.size && Math.trunc(old.mtimeMs) === Math.trunc(stat.mtimeMs)) {
        try {
          linkSync(before!, destination);
          count += 1;
          continue;
        } catch {
          // another filesystem: copy
        }
      }
      copyFileSync(source, destination);
      utimesSync(destination, stat.atime, stat.mtime);
      count += 1;
    } catch (error) {
      if (!vanished(error)) throw error;
    }
  }
  return count;
}

/**
 * What an online copy of PostgreSQL's folder leaves out (as pg_basebackup does): the running
 * server's own files, what it rebuilds at start, and the WAL, copied once the backup has ended.
 */
const RUNNING_ONLY_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles.tmp',
  'postgresql.auto.conf.tmp',
]);
const EMPTIED_FOLDERS = new Set([
  'pg_wal',
  'pg_dynshmem',
  'pg_notify',
  'pg_replslot',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);

function leftOutOfOnlineCopy(relative: string): boolean {
  const parts = relative.split('/');
  const name = parts.at(-1)!;
  if (parts.length === 1 && RUNNING_ONLY_FILES.has(name)) return true;
  if (parts.length === 2 && EMPTIED_FOLDERS.has(parts[0]!)) return true;
  return name === 'pg_internal.init' || name.startsWith('pgsql_tmp');
}

/**
 * An online backup of the site's running PostgreSQL (PostgreSQL's own low-level API, as
 * pg_basebackup does it; no such tool ships with the embedded binaries): the folder is copied
 * between `pg_backup_start` and `pg_backup_stop`, then the WAL written meanwhile, and the label the
 * server gives at the stop. A server started from the copy replays that WAL first, so pages copied
 * while they were being written come out whole. A temporary replication slot keeps that WAL from
 * being recycled while the copy runs.
 */
async function copyRunningServer(connection: pg.ClientConfig, dir: string, destination: string): Promise<void> {
  const client = new pg.Client(connection);
  await client.connect();
  try {
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [`majlis_backup_${process.pid}`]);
    await client.query('SELECT pg_backup_start($1, true)', [path.basename(destination)]);
    // Every file copied, none linked to the previous backup: a file's time may not show a write
    // made while that backup read it.
    copyTree(dir, destination, undefined, leftOutOfOnlineCopy);
    const stopped = await client.query<{ labelfile: string; spcmapfile: string | null }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    const { labelfile, spcmapfile } = stopped.rows[0]!;
    writeFileSync(path.join(destination, 'backup_label'), labelfile);
    if (spcmapfile) writeFileSync(path.join(destination, 'tablespace_map'), spcmapfile);
    // Every segment still there: the slot kept those from the backup's start.
    copyTree(path.join(dir, 'pg_wal'), path.join(destination, 'pg_wal'), undefined, (relative) =>
      relative.startsWith('archive_status/'),
    );
    mkdirSync(path.join(destination, 'pg_wal', 'archive_status'), { recursive: true });
  } finally {
    await client.end();
  }
}

/**
 * The database URL for pg_dump/pg_restore's command line, its password moved to PGPASSWORD (a
 * command line can be read by every user of the machine, an environment cannot).
 */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: `--dbname=${url.toString()}`,
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found. ${what} needs PostgreSQL's client tools, of the server's major version or newer ` +
                `(Debian/Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** The embedded database must not be open in a server while it is copied (a copy of live files is no backup). */
function assertEmbeddedClosed(dir: string): void {
  if (existsSync(path.join(dir, 'postmaster.pid')))
    throw new BackupError(
      `The embedded database in ${dir} is open: stop the server first (systemctl stop majlis), then run this again ` +
        `(the daily schedule in docs/deployment.md does both). If no server is running, the last one did not stop ` +
        `cleanly: start it and stop it once.`,
    );
}

export interface BackupResult {
  path: string;
  manifest: Manifest;
  /** Backups deleted for being older than `keepDays`. */
  removed: string[];
}

/**
 * Writes one backup folder, `backupDir/majlis-<time>`: the database first, then DATA_DIR's files
 * (so every picture a backed-up message names is in it), under a temporary name renamed once
 * complete. Then deletes backups older than `keepDays`.
 */
export async function createBackup(
  target: BackupTarget,
  options: { now?: Date; keepDays: number },
): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const name = backupName(now);
  const final = path.join(target.backupDir, name);
  if (existsSync(final)) throw new BackupError(`${final} already exists: one backup per second at most.`);
  const partial = path.join(target.backupDir, PARTIAL + name);
  const previous = listBackups(target.backupDir).at(-1);
  mkdirSync(partial, { recursive: true });
  try {
    let database: Manifest['database'];
    let databaseFile: string;
    if (target.databaseUrl) {
      database = 'postgres';
      databaseFile = 'database.pgdump';
      // One transaction-consistent snapshot, taken while the site runs.
      const { dbname, env } = libpq(target.databaseUrl);
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-acl', `--file=${path.join(partial, databaseFile)}`, dbname],
        env,
        'A backup of PostgreSQL',
      );
    } else if (hasEmbeddedPostgres(target.dataDir)) {
      database = 'embedded-postgres';
      databaseFile = 'database-postgres';
      const dir = path.join(target.dataDir, EMBEDDED_POSTGRES_DIR);
      const destination = path.join(partial, databaseFile);
      const before = previous && path.join(previous.path, databaseFile);
      const server = await startEmbeddedPostgres({ dataDir: target.dataDir, log: quietLog, role: 'tool' });
      if (server.owned) {
        // The site is stopped: started and stopped once first, so a folder left by a crash is
        // recovered and what is copied is a cleanly shut down server's, consistent on its own.
        await server.stop();
        copyTree(dir, destination, before);
      } else await copyRunningServer(server.connection, dir, destination);
    } else {
      database = 'embedded';
      databaseFile = 'database.tar.gz';
      const dir = path.join(target.dataDir, EMBEDDED_DIR);
      if (!existsSync(path.join(dir, 'PG_VERSION')))
        throw new BackupError(
          `There is no embedded database in ${dir} (is DATA_DIR right, or is DATABASE_URL missing?).`,
        );
      assertEmbeddedClosed(dir);
      const client = new PGlite(dir);
      try {
        await client.waitReady;
        const dump = await client.dumpDataDir('gzip');
        writeFileSync(path.join(partial, databaseFile), new Uint8Array(await dump.arrayBuffer()));
      } finally {
        await client.close();
      }
    }
    let files = 0;
    for (const entry of dataEntries(target)) {
      const source = path.join(target.dataDir, entry);
      const destination = path.join(partial, 'files', entry);
      const before = previous && path.join(previous.path, 'files', entry);
      if (statSync(source).isDirectory()) files += copyTree(source, destination, before);
      else if (statSync(source).isFile()) {
        mkdirSync(path.dirname(destination), { recursive: true });
        copyFileSync(source, destination);
        files += 1;
      }
    }
    const manifest: Manifest = {
      format: 'majlis-backup',
      version: 1,
      createdAt: now.toISOString(),
      database,
      databaseFile,
      files,
    };
    writeFileSync(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(partial, final);
    return { path: final, manifest, removed: pruneBackups(target.backupDir, now, options.keepDays) };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/** A backup folder given as a path, or as a name in `backupDir`; its manifest read and checked. */
export function readBackup(target: BackupTarget, given: string): { dir: string; manifest: Manifest } {
  const candidates = [path.resolve(given), path.join(target.backupDir, given)];
  const dir = candidates.find((candidate) => existsSync(path.join(candidate, 'manifest.json')));
  if (!dir)
    throw new BackupError(
      `No backup at ${given}: a backup is a folder holding manifest.json (looked in ${candidates.join(' and ')}).`,
    );
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 'majlis-backup' || manifest.version !== 1)
    throw new BackupError(`${dir}/manifest.json is not a Majlis backup this version can read.`);
  return { dir, manifest };
}

async function userTablesIn(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S')
         AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%'`,
    );
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty DATA_DIR (the backups folder may be inside it) and, for
 * PostgreSQL, an empty database. Refuses, before writing anything, any target that holds data.
 */
export async function restoreBackup(target: BackupTarget, given: string): Promise<Manifest> {
  const { dir, manifest } = readBackup(target, given);
  const wantsPostgres = manifest.database === 'postgres';
  const embeddedDir = manifest.database === 'embedded-postgres' ? EMBEDDED_POSTGRES_DIR : EMBEDDED_DIR;
  if (wantsPostgres !== Boolean(target.databaseUrl))
    throw new BackupError(
      wantsPostgres
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to the empty database to restore it into.'
        : 'This backup holds the embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR.',
    );
  const held = dataEntries(target);
  for (const name of [EMBEDDED_DIR, EMBEDDED_POSTGRES_DIR]) {
    const folder = path.join(target.dataDir, name);
    if (!wantsPostgres && existsSync(folder) && readdirSync(folder).length > 0) held.unshift(name);
  }
  const embedded = path.join(target.dataDir, embeddedDir);
  if (held.length > 0)
    throw new BackupError(
      `Refusing to restore: the data directory ${target.dataDir} is not empty (it holds ${held.join(', ')}). ` +
        `Restore only into an empty one: move those away, or point DATA_DIR at a new folder.`,
    );
  if (target.databaseUrl) {
    const tables = await userTablesIn(target.databaseUrl);
    if (tables > 0)
      throw new BackupError(
        `Refusing to restore: the database at DATABASE_URL is not empty (it holds ${tables} tables, views or sequences). ` +
          `Restore only into an empty database: createdb a new one and point DATABASE_URL at it.`,
      );
    const { dbname, env } = libpq(target.databaseUrl);
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-acl',
        '--exit-on-error',
        '--single-transaction',
        dbname,
        path.join(dir, manifest.databaseFile),
      ],
      env,
      'Restoring PostgreSQL',
    );
  } else if (manifest.database === 'embedded-postgres') {
    // Copied, never linked: the server writes into these files. Its own user gets them at start.
    copyTree(path.join(dir, manifest.databaseFile), embedded, undefined);
    chmodSync(embedded, 0o700);
  } else {
    mkdirSync(embedded, { recursive: true });
    const client = new PGlite(embedded, { loadDataDir: await openAsBlob(path.join(dir, manifest.databaseFile)) });
    await client.waitReady;
    await client.close();
  }
  const files = path.join(dir, 'files');
  if (existsSync(files)) copyTree(files, target.dataDir, undefined);
  return manifest;
}
