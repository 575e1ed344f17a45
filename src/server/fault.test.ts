/**
 * Faults under load: two nodes (child processes, so one can be killed with SIGKILL) on a
 * PostgreSQL and a Redis this test starts itself, on ports and data directories of its own
 * (never the shared ones). Clients send room messages with client ids and wait for the
 * acknowledgement, retrying what was not acknowledged, while PostgreSQL is restarted, then Redis,
 * then one node is killed and started again. Afterwards every acknowledged message is in the
 * database exactly once, every client came back within 5 s of the service's return, no node
 * crashed, no refusal was `INTERNAL`, and `GET /api/health` said what was down while it was.
 *
 * Runs with the PostgreSQL suite (`npm run test:int:pg`); skipped, saying why, when the
 * PostgreSQL or Redis binaries are missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION, type ClientToServerEvents, type ServerToClientEvents } from '../shared/realtime/protocol';
import { api, enterAsGuest } from './testing/test-server';
import { freePort } from './testing/free-port';

const PG_BIN = '/usr/lib/postgresql/15/bin';
const RECOVERY_MS = 5_000;

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

const missing = [
  ...['initdb', 'pg_ctl'].filter((name) => !existsSync(path.join(PG_BIN, name))).map((name) => `${PG_BIN}/${name}`),
  ...(onPath('redis-server') ? [] : ['redis-server']),
];
const asRoot = process.getuid?.() === 0;
if (asRoot && !onPath('runuser')) missing.push('runuser (PostgreSQL refuses to run as root)');
const inPgSuite = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (inPgSuite && missing.length) console.log(`fault test: SKIPPED, missing: ${missing.join(', ')}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** A command as the `postgres` user when we are root (PostgreSQL refuses root). */
function asPostgres(command: string, args: string[]): { command: string; args: string[] } {
  return asRoot ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] } : { command, args };
}

function run(command: string, args: string[]): void {
  const wrapped = asPostgres(command, args);
  const result = spawnSync(wrapped.command, wrapped.args, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.status}\n${result.stdout}\n${result.stderr}`);
}

/** A PostgreSQL of our own: initdb in a temporary directory, pg_ctl start/stop on its own port. */
class OwnPostgres {
  readonly dir = mkdtempSync('/tmp/majlis-fault-pg-');
  readonly data = path.join(this.dir, 'data');
  constructor(readonly port: number) {
    chmodSync(this.dir, 0o777);
    if (asRoot) spawnSync('chown', ['postgres:postgres', this.dir]);
    run(path.join(PG_BIN, 'initdb'), ['-D', this.data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/majlis`;
  }
  start(): void {
    run(path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      this.data,
      '-l',
      path.join(this.dir, 'log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
  }
  stop(): void {
    run(path.join(PG_BIN, 'pg_ctl'), ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }
  async createDatabase(): Promise<void> {
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${this.port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE majlis');
    await admin.end();
  }
  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A Redis of our own, without persistence (a restart loses everything, the harder case). */
class OwnRedis {
  readonly dir = mkdtempSync('/tmp/majlis-fault-redis-');
  private process: ChildProcess | undefined;
  constructor(readonly port: number) {}
  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });
  }
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A node of the site: `src/server/main.ts` in a child process of its own. */
class Node {
  private process: ChildProcess | undefined;
  /** Exits we did not cause: a crash. */
  readonly crashes: string[] = [];
  output = '';
  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('src/server/main.ts')], {
      env: { ...process.env, ...this.env, PORT: String(this.port), PUBLIC_URL: this.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.process = child;
    this.output = '';
    child.stdout.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL' && signal !== 'SIGTERM')
        this.crashes.push(`${this.name} exited (${code ?? signal}):\n${this.output.slice(-4000)}`);
    });
    await waitFor(
      `${this.name} to listen`,
      async () => {
        if (child.exitCode !== null) throw new Error(`${this.name} exited:\n${this.output}`);
        return this.output.includes('Majlis is listening') ? true : undefined;
      },
      60_000,
    ).catch((error: unknown) => {
      if (child.exitCode !== null) throw new Error(`${this.name} did not start:\n${this.output.slice(-4000)}`);
      throw error;
    });
  }
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }
}

/** What happened when, printed when the test fails. */
const timeline: string[] = [];
const mark = (what: string) => timeline.push(`${Date.now()} --- ${what}`);

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
interface AckReply {
  ok: boolean;
  code?: string;
  message?: { id: number; clientMessageId?: string | null };
}

/** A sender: one message at a time, each retried under the same client id until acknowledged. */
class Sender {
  readonly acked = new Map<string, number>();
  readonly refusals = new Map<string, number>();
  lastAckAt = 0;
  private sequence = 0;
  private pending: string | undefined;
  private ready = false;
  private running = true;
  private loop: Promise<void> | undefined;
  socket: ClientSocket;

  constructor(
    readonly name: string,
    readonly node: Node,
    cookie: string,
  ) {
    this.socket = connectSocket(node.url, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie },
      auth: { protocol: PROTOCOL_VERSION },
      reconnection: true,
      reconnectionDelay: 100,
      reconnectionDelayMax: 300,
      randomizationFactor: 0,
      forceNew: true,
    });
    this.socket.on('connect', () => {
      this.ready = false;
      void this.join();
    });
    this.socket.on('disconnect', (reason) => {
      this.ready = false;
      timeline.push(`${Date.now()} ${this.name} disconnect ${reason}`);
    });
    this.socket.on('connect_error', (error) =>
      timeline.push(`${Date.now()} ${this.name} connect_error ${error.message}`),
    );
    this.socket.io.on('reconnect_attempt', (n) => timeline.push(`${Date.now()} ${this.name} reconnect_attempt ${n}`));
  }

  private async join(): Promise<void> {
    while (this.socket.connected && !this.ready && this.running) {
      try {
        const reply = (await this.socket.timeout(2_000).emitWithAck('joinRoom', { roomId: 'general' })) as AckReply;
        if (reply.ok) this.ready = true;
        else this.count(reply.code ?? 'no code');
      } catch {
        this.count('join timeout');
      }
      if (!this.ready) await sleep(200);
    }
  }

  private count(code: string): void {
    this.refusals.set(code, (this.refusals.get(code) ?? 0) + 1);
    timeline.push(`${Date.now()} ${this.name} ${code}`);
  }

  start(): void {
    this.loop = (async () => {
      while (this.running || this.pending) {
        if (!this.running && Date.now() > this.drainDeadline) return;
        if (!this.ready) {
          await sleep(50);
          continue;
        }
        const id = (this.pending ??= `${this.name}-${++this.sequence}`);
        try {
          const reply = (await this.socket.timeout(2_000).emitWithAck('publicMessage', {
            roomId: 'general',
            content: `رسالة ${id}`,
            clientMessageId: id,
          } as never)) as AckReply;
          if (reply.ok && reply.message) {
            timeline.push(`${Date.now()} ${this.name} ack ${id}`);
            this.acked.set(id, reply.message.id);
            this.lastAckAt = Date.now();
            this.pending = undefined;
          } else this.count(reply.code ?? 'no code');
        } catch {
          this.count('ack timeout');
        }
        await sleep(this.pending ? 200 : 60);
      }
    })();
  }

  private drainDeadline = Infinity;
  /** Stops sending new messages; what is pending is retried until acknowledged (or 20 s). */
  async finish(): Promise<void> {
    this.running = false;
    this.drainDeadline = Date.now() + 20_000;
    await this.loop;
    this.socket.close();
  }

  get hasPending(): boolean {
    return this.pending !== undefined;
  }
}

describe.runIf(inPgSuite && !missing.length)(
  'two nodes through PostgreSQL and Redis restarts and a killed node',
  () => {
    let postgres: OwnPostgres;
    let redis: OwnRedis;
    let nodes: [Node, Node];
    const senders: Sender[] = [];

    beforeAll(async () => {
      postgres = new OwnPostgres(await freePort());
      postgres.start();
      await postgres.createDatabase();
      redis = new OwnRedis(await freePort());
      await redis.start();
      const dataDir = mkdtempSync('/tmp/majlis-fault-data-');
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
        LOG_FORMAT: 'json',
        HOST: '127.0.0.1',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: `majlis-fault-${randomBytes(4).toString('hex')}`,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: '/nonexistent',
        PRESENCE_GRACE_MS: '0',
        ENABLE_SERVICE_WORKER: 'false',
        FLOOD_MESSAGES_GUEST: '10000',
        FLOOD_MESSAGES_MEMBER: '10000',
        FLOOD_MESSAGES_DEVICE: '10000',
      };
      nodes = [new Node('A', await freePort(), env), new Node('B', await freePort(), env)];
      // One after the other: the first runs the migrations.
      await nodes[0].start();
      await nodes[1].start();
    }, 120_000);

    afterAll(async () => {
      for (const sender of senders) sender.socket.close();
      for (const node of nodes ?? []) await node.stop();
      await redis?.destroy();
      postgres?.destroy();
    }, 60_000);

    async function health(node: Node) {
      return api(node.url, '/api/health');
    }

    /** Polls the health check until `check` holds (5 s); returns what it said. */
    async function healthUntil(node: Node, what: string, check: (status: number, down: unknown) => boolean) {
      return waitFor(
        `${node.name}'s health to say ${what}`,
        async () => {
          const res = await health(node);
          return check(res.status, res.body.down) ? res : undefined;
        },
        RECOVERY_MS + 3_000,
      );
    }

    /** Every sender acknowledged again within 5 s of `since`. */
    function stateOf(which: Sender[], since: number): string {
      return which
        .map(
          (sender) =>
            `${sender.name} on ${sender.node.name}: connected ${sender.socket.connected}, last ack ${sender.lastAckAt - since} ms, ` +
            JSON.stringify(Object.fromEntries(sender.refusals)),
        )
        .join('\n');
    }

    /** Every sender acknowledged again within 5 s of `since`. */
    async function allBack(since: number, which = senders) {
      await waitFor(
        'every client to be acknowledged again',
        async () => (which.every((sender) => sender.lastAckAt > since) ? true : undefined),
        RECOVERY_MS + 5_000,
      ).catch((error: unknown) => {
        throw new Error(
          `${String(error)}\n${stateOf(which, since)}\n${timeline
            .filter((line) => !line.includes(' ack '))
            .slice(-80)
            .join('\n')}\n${nodes
            .map((node) =>
              node.output
                .split('\n')
                .filter((line) => !line.includes('redis error'))
                .slice(-15)
                .join('\n'),
            )
            .join('\n')}`,
        );
      });
      for (const sender of which)
        expect(
          sender.lastAckAt - since,
          `${sender.name} back after the service returned\n${stateOf(which, since)}\n${timeline
            .filter((line) => !line.includes(' ack '))
            .slice(-80)
            .join('\n')}`,
        ).toBeLessThan(RECOVERY_MS);
    }

    it(
      'loses no acknowledged message, stores none twice, and every client is back within 5 s',
      { timeout: 240_000 },
      async () => {
        const [a, b] = nodes;
        expect((await health(a)).status).toBe(200);
        for (let i = 0; i < 4; i++) {
          const node = nodes[i % 2]!;
          const guest = await enterAsGuest(node.url, `صمود_${i}`);
          senders.push(new Sender(`fault${i}`, node, guest.cookie));
        }
        for (const sender of senders) sender.start();
        await allBack(Date.now() - 1);
        await sleep(1_000);

        // PostgreSQL restarts.
        mark('postgres.stop();');
        postgres.stop();
        for (const node of nodes) {
          const res = await healthUntil(node, 'the database is down', (status) => status === 503);
          expect(res.body.down).toEqual(['database']);
        }
        await sleep(1_500);
        mark('postgres.start();');
        postgres.start();
        let back = Date.now();
        for (const node of nodes) await healthUntil(node, 'all is well', (status) => status === 200);
        await allBack(back);
        await sleep(1_000);

        // Redis restarts (empty: it keeps nothing on disk).
        mark('await redis.stop();');
        await redis.stop();
        for (const node of nodes) {
          const res = await healthUntil(node, 'Redis is down', (status) => status === 503);
          expect(res.body.down).toEqual(['redis']);
          expect(res.body.redis).toBe('down');
        }
        await sleep(1_500);
        mark('await redis.start();');
        await redis.start();
        back = Date.now();
        for (const node of nodes) await healthUntil(node, 'all is well', (status) => status === 200);
        await allBack(back);
        await sleep(1_000);

        // Through both outages every message was answered (stored, or refused to be retried): none hung.
        expect(senders.map((sender) => sender.refusals.get('ack timeout') ?? 0)).toEqual(senders.map(() => 0));

        // Node B is killed outright, then started again; A goes on meanwhile.
        mark('kill B');
        await b.kill();
        const onA = senders.filter((sender) => sender.node === a);
        const killedAt = Date.now();
        await allBack(killedAt, onA);
        expect((await health(a)).status).toBe(200);
        mark('start B');
        await b.start();
        back = Date.now();
        mark('B started');
        await allBack(back);
        await sleep(1_000);

        for (const sender of senders) await sender.finish();
        for (const sender of senders)
          expect(sender.hasPending, `${sender.name} still has an unsent message`).toBe(false);

        // Nothing crashed, nothing was a bug.
        expect(nodes.flatMap((node) => node.crashes)).toEqual([]);
        for (const sender of senders) expect([...sender.refusals.keys()]).not.toContain('INTERNAL');

        // Every acknowledged message is stored, once, under the id its acknowledgement gave.
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        const { rows } = await client.query<{ client_message_id: string; ids: string[] }>(
          `select client_message_id, array_agg(id::text) as ids from messages
          where client_message_id like 'fault%' group by client_message_id`,
        );
        await client.end();
        const stored = new Map(rows.map((row) => [row.client_message_id, row.ids]));
        let acknowledged = 0;
        for (const sender of senders) {
          for (const [clientId, messageId] of sender.acked) {
            acknowledged++;
            expect(stored.get(clientId), `${clientId} acknowledged as ${messageId}`).toEqual([String(messageId)]);
          }
        }
        expect(rows.filter((row) => row.ids.length > 1)).toEqual([]);
        expect(acknowledged).toBeGreaterThan(40);
        if (process.env.FAULT_TIMELINE) writeFileSync(process.env.FAULT_TIMELINE, timeline.join('\n'));
        console.log(
          `fault test: ${acknowledged} messages acknowledged and stored once; refusals and retries: ` +
            JSON.stringify(
              Object.fromEntries(senders.map((sender) => [sender.name, Object.fromEntries(sender.refusals)])),
            ),
        );
      },
    );
  },
);
