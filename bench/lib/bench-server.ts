/**
 * Our server for the benchmarks that run it in a child process of their own (`--role server`):
 * `createApp` in production mode, PGlite in memory (or a fresh PostgreSQL database dropped at the
 * end, or the embedded PostgreSQL in a new DATA_DIR), with flood control and sign-in limits raised so a benchmark's traffic is not refused. The
 * parent talks to it over the IPC channel: memory and CPU samples, CPU profiles, stop.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/server/config';
import { serverCode } from './server-code';

type ConfigOverrides = Partial<Config>;

/** What a benchmark's server needs changed: its traffic comes from one address, far above the limits. */
export const BENCH_OVERRIDES = {
  port: 0,
  host: '127.0.0.1',
  webDistDir: '/nonexistent',
  messageFlood: {
    windowMs: 10_000,
    perUser: { guest: 1_000_000, member: 1_000_000, staff: 1_000_000 },
    perDevice: 1_000_000,
    repeats: 1_000_000,
    repeatWindowMs: 30_000,
  },
  authAttemptsPerMinute: 1_000_000,
  apiRequestsPerMinute: 1_000_000,
  maxConnectionsPerAddress: 1_000_000,
  presenceGraceMs: 0,
} satisfies ConfigOverrides;

/** Settings a benchmark run may change from its environment (the rest are the benchmark's own). */
const BENCH_ENV = Object.fromEntries(
  ['MESSAGE_WRITE_LINGER_MS'].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]]])),
) as Record<string, string>;

/** Our server, as `npm start` builds it (production, silent), with the benchmark's overrides. */
export async function startBenchApp(overrides: ConfigOverrides) {
  const { createApp, loadConfig } = await serverCode();
  const app = await createApp(
    loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...BENCH_ENV }, { ...BENCH_OVERRIDES, ...overrides }),
  );
  return { app, url: await app.listen() };
}

export interface ServerSample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  cpuUs: number;
}

export type ToServer =
  | { type: 'sample'; gc: boolean }
  | { type: 'profileStart' }
  | { type: 'profileStop'; file: string }
  | { type: 'heapSnapshot'; file: string }
  | { type: 'exec'; what: string; arg?: unknown }
  | { type: 'stop' };
export type FromServer =
  | { type: 'ready'; url: string }
  | { type: 'sample'; sample: ServerSample }
  | { type: 'profiled'; file: string }
  | { type: 'executed'; result: unknown }
  | { type: 'failed'; error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `--pg embedded`: the embedded PostgreSQL (the default of `npm start`) instead of a URL. */
export const EMBEDDED = 'embedded';

export async function startOurServer(pgUrl: string | undefined, overrides: ConfigOverrides = {}) {
  const { createApp, loadConfig } = await serverCode();
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void> = () => Promise.resolve();
  if (pgUrl === EMBEDDED) {
    // The embedded default as `npm start` runs it: the site's own PostgreSQL in a new DATA_DIR.
    const { chmodSync, mkdtempSync, rmSync } = await import('node:fs');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'majlis-bench-'));
    chmodSync(dataDir, 0o755);
    overrides = { inMemoryDatabase: false, embeddedDatabase: 'postgres', dataDir, ...overrides };
    dropDatabase = async () => rmSync(dataDir, { recursive: true, force: true });
  } else if (pgUrl) {
    const { default: pg } = await import('pg');
    const name = `majlis_bench_${randomBytes(5).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query<{ n?: number }>(sql);
      await client.end();
      return rows;
    };
    await admin(`CREATE DATABASE ${name}`);
    const parsed = new URL(pgUrl);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    dropDatabase = async () => {
      const count = `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`;
      for (let i = 0; i < 50 && ((await admin(count))[0]?.n ?? 0) > 0; i++) await sleep(100);
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'silent', ...BENCH_ENV },
    { ...BENCH_OVERRIDES, inMemoryDatabase: true, databaseUrl, ...overrides },
  );
  const app = await createApp(config);
  const url = await app.listen();
  return {
    app,
    url,
    async close() {
      await app.close();
      await dropDatabase();
    },
  };
}

export type StartedOurServer = Awaited<ReturnType<typeof startOurServer>>;

/**
 * The body of a `--role server` child: starts the server, answers the parent, and runs the
 * benchmark's own set-up steps (`exec`) with direct access to the app.
 */
export async function runServerChild(
  pgUrl: string | undefined,
  exec: (server: StartedOurServer, what: string, arg: unknown) => Promise<unknown> = async () => null,
): Promise<void> {
  const send = (message: FromServer) => process.send!(message);
  const server = await startOurServer(pgUrl);
  let profiler: Session | undefined;
  process.on('message', (raw: ToServer) => {
    void (async () => {
      try {
        if (raw.type === 'sample') {
          if (raw.gc && global.gc) {
            for (let i = 0; i < 3; i++) {
              global.gc();
              await sleep(50);
            }
          }
          const memory = process.memoryUsage();
          const cpu = process.cpuUsage();
          send({
            type: 'sample',
            sample: {
              rss: memory.rss,
              heapUsed: memory.heapUsed,
              external: memory.external,
              arrayBuffers: memory.arrayBuffers,
              cpuUs: cpu.user + cpu.system,
            },
          });
        } else if (raw.type === 'profileStart') {
          profiler = new Session();
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
          await profiler.post('Profiler.start');
        } else if (raw.type === 'profileStop') {
          const { profile } = await profiler!.post('Profiler.stop');
          writeFileSync(raw.file, JSON.stringify(profile));
          profiler?.disconnect();
          send({ type: 'profiled', file: raw.file });
        } else if (raw.type === 'heapSnapshot') {
          // What the heap holds, for Chrome DevTools' Memory tab (the same reply as a profile).
          send({ type: 'profiled', file: writeHeapSnapshot(raw.file) });
        } else if (raw.type === 'exec') {
          send({ type: 'executed', result: await exec(server, raw.what, raw.arg) });
        } else if (raw.type === 'stop') {
          await server.close();
          process.disconnect();
          process.exit(0);
        }
      } catch (error) {
        send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    })();
  });
  send({ type: 'ready', url: server.url });
}

/** A child process running `file` with `args` (tsx's loader carried over), with `--expose-gc`. */
export function forkChild(file: string, args: string[], extraExecArgv: string[] = []): ChildProcess {
  return fork(file, args, { execArgv: [...process.execArgv, '--expose-gc', ...extraExecArgv], stdio: 'inherit' });
}

/** The next IPC message of `type` from `child`; rejects on `failed` or when the child exits. */
export function nextMessage<T extends FromServer['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type === type) {
        cleanup();
        resolve(message as Extract<FromServer, { type: T }>);
      } else if (message.type === 'failed') {
        cleanup();
        reject(new Error(`child failed: ${message.error}`));
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`child exited (${code}) before sending ${type}`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Asks the server child for a memory and CPU sample (after full collections when `gc`). */
export async function sample(child: ChildProcess, gc = false): Promise<ServerSample> {
  const reply = nextMessage(child, 'sample');
  child.send({ type: 'sample', gc } satisfies ToServer);
  return (await reply).sample;
}

export async function execOnServer(child: ChildProcess, what: string, arg?: unknown): Promise<unknown> {
  const reply = nextMessage(child, 'executed');
  child.send({ type: 'exec', what, arg } satisfies ToServer);
  return (await reply).result;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' } satisfies ToServer);
  await exited;
}

/** `--name value` flags. */
export function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) flags.set(arg.slice(2), 'true');
    else {
      flags.set(arg.slice(2), value);
      i++;
    }
  }
  return flags;
}
