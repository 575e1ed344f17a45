import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { inject } from 'vitest';
import type { SelfUser } from '../../shared/entities/user';
import type { ClientToServerEvents, MessageEnvelope, ServerToClientEvents } from '../../shared/realtime/protocol';
import { createApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { setMemorySnapshot } from '../db/client';

// In-memory databases start from the dump made once per run (global-setup.ts), not from initdb.
setMemorySnapshot(inject('pgliteSnapshot'));

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestServer {
  app: App;
  url: string;
  config: Config;
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
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      PRESENCE_GRACE_MS: '0',
      ROOM_COUNT_FLUSH_MS: '50',
    },
    {
      port: 0,
      host: '127.0.0.1',
      inMemoryDatabase: true,
      databaseUrl,
      redisUrl: process.env.TEST_REDIS_URL,
      redisPrefix: `majlis-test-${id}`,
      webDistDir: '/nonexistent',
      authAttemptsPerMinute: 10_000,
      ...overrides,
    },
  );
  const app = await createApp(config);
  const url = await app.listen();
  return {
    app,
    url,
    config,
    async close() {
      await app.close();
      await dropDatabase?.();
      if (config.redisUrl) await deleteRedisKeys(config.redisUrl, config.redisPrefix);
    },
  };
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

/** A connected socket.io-client socket carrying the session cookie. */
export function connect(url: string, cookie: string, query: Record<string, string> = {}): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
