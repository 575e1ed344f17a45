import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import type { SelfUser } from '../../shared/entities/user';
import type { Role } from '../../shared/roles';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type MessageEnvelope,
  type ServerToClientEvents,
} from '../../shared/realtime/protocol';
import { createApp, type App } from '../app';
import { createTestClock, type TestClock } from '../clock';
import { loadConfig, type Config } from '../config';
import { users } from '../db/schema';
import { freePort } from './free-port';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestServer {
  app: App;
  url: string;
  config: Config;
  /** The server's time: tests move it forward instead of sleeping. */
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * A real server on a random port. By default it runs on a fresh in-memory PGlite; when
 * TEST_DATABASE_URL is set it gets a fresh PostgreSQL database of its own, and when
 * TEST_REDIS_URL is set it shares presence and broadcasts through Redis under its own prefix.
 */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const id = randomBytes(6).toString('hex');
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrl = overrides.databaseUrl;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl && baseUrl) {
    const name = `majlis_test_${id}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const port = overrides.port ?? (await freePort());
  // Uploads land in DATA_DIR: each server gets a temporary one (removed on close), never ./data.
  const ownDataDir = overrides.dataDir ? undefined : mkdtempSync(path.join(tmpdir(), 'majlis-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PRESENCE_GRACE_MS: '0',
      ROOM_COUNT_FLUSH_MS: '50',
      // Tests that want the worker (fallback.e2e.ts) ask for it: a worker's cache must not carry
      // one test's pages into another's.
      ENABLE_SERVICE_WORKER: 'false',
    },
    {
      port,
      host: '127.0.0.1',
      publicUrl: `http://127.0.0.1:${port}`,
      inMemoryDatabase: true,
      databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
      redisPrefix: `majlis-test-${id}`,
      webDistDir: '/nonexistent',
      authAttemptsPerMinute: 10_000,
      apiRequestsPerMinute: 100_000,
      ...(ownDataDir ? { dataDir: ownDataDir } : {}),
      ...overrides,
    },
  );
  const clock = createTestClock();
  // In-memory databases start from the dump made once per run (global-setup.ts), not from initdb.
  const app = await createApp(config, { clock, databaseSnapshot: inject('pgliteSnapshot') });
  const url = await app.listen();
  return {
    app,
    url,
    config,
    clock,
    async close() {
      await app.close();
      await dropDatabase?.();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
      if (config.redisUrl) await deleteRedisKeys(config.redisUrl, config.redisPrefix);
    },
  };
}

/**
 * Another node of the same site as `node` (same PostgreSQL database, Redis prefix and session
 * secret, and the uploads directory a shared volume would give): two processes behind one
 * load balancer. Needs TEST_DATABASE_URL and TEST_REDIS_URL.
 */
export function startPeerNode(node: TestServer, overrides: Partial<Config> = {}): Promise<TestServer> {
  return startTestServer({
    databaseUrl: node.config.databaseUrl,
    redisPrefix: node.config.redisPrefix,
    sessionSecret: node.config.sessionSecret,
    dataDir: node.config.dataDir,
    ...overrides,
  });
}

/** Removes what a test run left in Redis (streams and recovery sessions have no expiry of their own). */
async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  const keys: string[] = [];
  for await (const batch of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) keys.push(...batch);
  if (keys.length) await client.del(keys);
  await client.close();
}

export interface SignedInClient {
  user: SelfUser;
  cookie: string;
}

export async function api(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  const response = await fetch(url + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, body: body as Record<string, unknown>, headers: response.headers };
}

/** A multipart form (uploads): text fields first, then files as `{data, type, name}`. */
export async function apiForm(
  url: string,
  path: string,
  init: {
    method?: string;
    cookie?: string;
    fields?: Record<string, string>;
    files?: Record<string, { data: Uint8Array<ArrayBuffer>; type: string; name?: string }>;
  },
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(init.fields ?? {})) form.append(key, value);
  for (const [key, file] of Object.entries(init.files ?? {}))
    form.append(key, new Blob([file.data], { type: file.type }), file.name ?? `${key}.bin`);
  const response = await fetch(url + path, {
    method: init.method ?? 'POST',
    headers: init.cookie ? { cookie: init.cookie } : {},
    body: form,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: response.status, body: body as Record<string, unknown>, headers: response.headers };
}

function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function enterAsGuest(
  url: string,
  username: string,
  extra: Record<string, unknown> = {},
): Promise<SignedInClient> {
  const res = await api(url, '/api/auth/guest', { body: { username, ...extra } });
  if (res.status !== 200) throw new Error(`guest sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body.user as SelfUser, cookie: cookieFrom(res.headers) };
}

export async function register(url: string, username: string, password: string): Promise<SignedInClient> {
  const res = await api(url, '/api/auth/register', { body: { username, password } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { user: res.body.user as SelfUser, cookie: cookieFrom(res.headers) };
}

export { cookieFrom };

/** A member of the given rank (the role is set in the database, as the owner's script would). */
export async function aMember(server: TestServer, username: string, role: Role = 'member'): Promise<SignedInClient> {
  const member = await register(server.url, username, 'password-123');
  if (role === 'member') return member;
  await server.app.database.db.update(users).set({ role }).where(eq(users.id, member.user.id));
  return { ...member, user: { ...member.user, role } };
}

/** A connected socket.io-client socket carrying the session cookie. */
export function connect(
  url: string,
  cookie: string,
  query: Record<string, string> = {},
  options: { protocol?: number; headers?: Record<string, string> } = {},
): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie, ...options.headers },
    auth: { protocol: options.protocol ?? PROTOCOL_VERSION },
    query,
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Resolves with the next `event` payload matching `match`, or fails after `timeoutMs`. */
export function nextEvent<E extends keyof ServerToClientEvents>(
  socket: ClientSocket,
  event: E,
  match: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean = () => true,
  timeoutMs = 3000,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      (socket as unknown as { off(e: string, l: unknown): void }).off(event, listener);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      (socket as unknown as { off(e: string, l: unknown): void }).off(event, listener);
      reject(new Error(`timed out waiting for ${String(event)}`));
    }, timeoutMs);
    (socket as unknown as { on(e: string, l: unknown): void }).on(event, listener);
  });
}

/** The next `message` envelope of a given type. */
export function nextEnvelope<T extends MessageEnvelope['type']>(
  socket: ClientSocket,
  type: T,
  match: (envelope: Extract<MessageEnvelope, { type: T }>) => boolean = () => true,
  timeoutMs = 3000,
): Promise<Extract<MessageEnvelope, { type: T }>> {
  return nextEvent(
    socket,
    'message',
    (e) => e.type === type && match(e as Extract<MessageEnvelope, { type: T }>),
    timeoutMs,
  ) as Promise<Extract<MessageEnvelope, { type: T }>>;
}

/** Collects every `message` envelope a socket receives, for asserting that nothing arrived. */
export function recordEnvelopes(socket: ClientSocket): MessageEnvelope[] {
  const seen: MessageEnvelope[] = [];
  socket.on('message', (envelope) => seen.push(envelope));
  return seen;
}

export async function joinRoom(socket: ClientSocket, roomId: string): Promise<void> {
  const reply = await socket.timeout(3000).emitWithAck('joinRoom', { roomId });
  if (!reply.ok) throw new Error(`join failed: ${reply.code}`);
}

/**
 * Sends a client event and resolves once the server has handled it: every handler answers an
 * acknowledgement when the client gives one, even for events whose registry entry takes none.
 * The acknowledgement comes straight back, while what the handler emitted may still be on its way
 * (with Redis, emits pass through its stream): follow it with `settled`.
 */
export function handled<E extends keyof ClientToServerEvents>(
  socket: ClientSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
): Promise<unknown> {
  const withAck = socket.timeout(3000) as unknown as { emitWithAck(event: string, payload: unknown): Promise<unknown> };
  return withAck.emitWithAck(event, payload);
}

let pings = 0;

/**
 * Resolves once everything the server sent this socket before now has arrived: a `client_pong`
 * the server sends after whatever it emitted to the socket earlier (a socket's emits arrive in
 * order, through the Redis stream too). The socket asks with a `client_ping`; with `server`, the
 * server sends it unasked (for a socket whose event budget is spent). For asserting that
 * something was not sent: do what would have sent it, wait for it to be handled (an
 * acknowledgement, another client's event), then `settled(socket)`.
 */
export async function settled(socket: ClientSocket, server?: TestServer): Promise<void> {
  const marker = -++pings;
  const pong = nextEvent(socket, 'client_pong', (payload) => payload.timestamp === marker);
  if (server) server.app.io.to(socket.id!).emit('client_pong', { timestamp: marker, serverTime: server.clock.now() });
  else socket.emit('client_ping', { timestamp: marker });
  await pong;
}

/** Waits until `condition` holds (checked every 10 ms): for work the server does on its own. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sockets the server holds right now (this node). */
export function serverSockets(server: TestServer): number {
  return server.app.io.of('/').sockets.size;
}
