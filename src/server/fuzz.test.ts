/**
 * Property-based fuzzing of every HTTP endpoint and every client socket event, generated from the
 * two registries (`api/endpoints.ts`, `realtime/protocol.ts`): a new endpoint or event is covered
 * by being registered. Malformed bodies, query strings, path parameters and payloads (wrong types,
 * huge and deeply nested values, prototype keys, lone surrogates, NUL, SQL and HTML, huge and
 * negative numbers, empty strings) as a guest, a member and the owner, with a live session and
 * same-origin headers so they reach the handlers: never a 5xx or `INTERNAL`, always a coded
 * refusal in Arabic (or a success), no hang, and refused input changes nothing stored.
 *
 * FUZZ_RUNS (runs per endpoint and role, per event and role) and FUZZ_SEED replay a failure.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../shared/api/endpoint';
import { endpoints } from '../shared/api/endpoints';
import { clientEvents } from '../shared/realtime/protocol';
import {
  aMember,
  api,
  connect,
  cookieFrom,
  enterAsGuest,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from './testing/test-server';

// Fewer on PostgreSQL (`test:int:pg`), whose round trips are slower: the PGlite suite is the main run.
const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.TEST_DATABASE_URL ? 3 : 5));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
const ARABIC = /[\u0600-\u06FF]/;
/** The server's `maxHttpBufferSize` (realtime/io.ts). */
const SOCKET_BUFFER_BYTES = 100_000;

type Role = 'guest' | 'member' | 'owner';
const ROLES: Role[] = ['guest', 'member', 'owner'];

interface Registered {
  name: string;
  endpoint: Endpoint;
}

/** Every endpoint of the registry, by `group.name`. */
function registeredEndpoints(): Registered[] {
  return Object.entries(endpoints).flatMap(([group, members]) =>
    Object.entries(members as Record<string, Endpoint>).map(([name, endpoint]) => ({
      name: `${group}.${name}`,
      endpoint,
    })),
  );
}

// ---- What is thrown at them --------------------------------------------------------------------

/** The keys an object schema names (through optional, nullable, pipes, unions, intersections). */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 8) return [];
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return keysOf(def.innerType, depth + 1);
    case 'pipe':
      return [...keysOf(def.in, depth + 1), ...keysOf(def.out, depth + 1)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => keysOf(option, depth + 1));
    case 'intersection':
      return [...keysOf(def.left, depth + 1), ...keysOf(def.right, depth + 1)];
    default:
      return [];
  }
}

const LONE_SURROGATES = ['\uD800', '\uDFFF', 'a\uDC00b', '\uDBFF'];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '") UNION SELECT password_hash FROM users --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '%00',
  '%',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '-9223372036854775809',
  '\u202Eمرحبا',
  'general',
  ...LONE_SURROGATES,
];
const NASTY_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -2_147_483_649,
  2_147_483_648,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.EPSILON,
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(1_000, 70_000).map((n) => 'ب'.repeat(n)),
  fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS)).map(([a, b]) => a + b),
);
const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.integer({ min: 1_000_000, max: 2_147_483_647 }),
  fc.integer({ max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Something deep: `[[[…]]]` or `{a:{a:…}}` a few thousand levels down. */
const deep: fc.Arbitrary<unknown> = fc.tuple(fc.constantFrom(50, 1_000), fc.boolean()).map(([levels, arrays]) => {
  let value: unknown = 'قاع';
  for (let i = 0; i < levels; i++) value = arrays ? [value] : { a: value };
  return value;
});

const leaf: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** Any JSON value, weighted toward the nasty ones, with prototype keys among the object keys. */
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: leaf, weight: 6 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...PROTO_KEYS), nastyString), tie('value'), {
        maxKeys: 4,
      }),
      weight: 1,
    },
    { arbitrary: deep, weight: 1 },
    { arbitrary: fc.constantFrom(2_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)), weight: 1 },
  ),
})).value;

/** An object with the schema's own keys (so refusals happen past the first field), some nasty. */
function shapedObject(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const allKeys = [...new Set([...keys, ...PROTO_KEYS])];
  return fc
    .array(fc.tuple(fc.constantFrom(...allKeys), nastyValue), { maxLength: allKeys.length + 2 })
    .map((entries) => {
      const object: Record<string, unknown> = {};
      for (const [key, value] of entries)
        Object.defineProperty(object, key, { value, enumerable: true, writable: true });
      return object;
    });
}

/** A JSON body as sent: a shaped or random value, or something that is not JSON at all. */
interface RawBody {
  text: string;
  contentType: string;
}
function bodyArbitrary(endpoint: Endpoint): fc.Arbitrary<RawBody | undefined> {
  const json = (value: unknown) => ({ text: JSON.stringify(value) ?? 'null', contentType: 'application/json' });
  return fc.oneof(
    { arbitrary: shapedObject(keysOf(endpoint.body)).map(json), weight: 6 },
    { arbitrary: nastyValue.map(json), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    {
      arbitrary: fc
        .oneof(
          fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'),
          nastyString,
        )
        .map((text) => ({ text, contentType: 'application/json' })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded')
        .map((contentType) => ({ text: 'content=<b>x</b>&roomId=general', contentType })),
      weight: 1,
    },
    {
      arbitrary: fc
        .constantFrom(
          JSON.stringify({ x: 'ج'.repeat(70_000) }),
          '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
          '['.repeat(30_000) + ']'.repeat(30_000),
          '{"a":'.repeat(5_000) + '{"__proto__":{"polluted":true}}' + '}'.repeat(5_000),
        )
        .map((text) => ({ text, contentType: 'application/json' })),
      weight: 1,
    },
  );
}

/** Percent-encodes any string, lone surrogates too (as the WTF-8 bytes a sloppy client would send). */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out += [0xed, 0xa0 | ((code >> 6) & 0x1f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** A value as it would appear in a path segment or query string. */
const urlValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: nastyString.map(encodeLoose), weight: 5 },
  { arbitrary: nastyNumber.map((n) => encodeLoose(String(n))), weight: 3 },
  { arbitrary: fc.constantFrom('%', '%zz', '%C0%80', '%ED%A0%80', '%2F..%2F', 'x'.repeat(5_000)), weight: 1 },
);

function pathArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const names = [...endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
  if (!names.length) return fc.constant(endpoint.path);
  return fc.array(urlValue, { minLength: names.length, maxLength: names.length }).map((values) => {
    let index = 0;
    return endpoint.path.replace(/:([A-Za-z]+)/g, () => values[index++] ?? '');
  });
}

function queryArbitrary(endpoint: Endpoint): fc.Arbitrary<string> {
  const keys = [...new Set([...keysOf(endpoint.query), ...PROTO_KEYS, 'x'])];
  return fc
    .array(fc.tuple(fc.constantFrom(...keys), urlValue), { maxLength: 5 })
    .map((pairs) => (pairs.length ? '?' + pairs.map(([key, value]) => `${encodeLoose(key)}=${value}`).join('&') : ''));
}

// ---- What must hold --------------------------------------------------------------------------

/** What refused input must not change: row counts and a hash of what people see. */
const SNAPSHOT = sql`select
  (select count(*) from users) as users,
  (select md5(coalesce(string_agg(row(id, username, password_hash, role, user_type, display_name, bio, status_text, age, country, gender, is_hidden)::text, '|' order by id), '')) from users) as user_rows,
  (select md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from rooms r) as rooms,
  (select md5(coalesce(string_agg(m::text, '|' order by m.id), '')) from messages m) as messages,
  (select count(*) from sanctions) as sanctions,
  (select count(*) from reports) as reports,
  (select count(*) from friendships) as friendships,
  (select count(*) from wall_posts) as wall_posts,
  (select count(*) from stories) as stories,
  (select count(*) from filtered_words) as filtered_words,
  (select md5(coalesce(string_agg(s::text, '|'), '')) from site_settings s) as settings`;

async function snapshot(server: TestServer): Promise<string> {
  const result = await server.app.database.db.execute(SNAPSHOT);
  const rows = (result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return JSON.stringify(rows);
}

function describeInput(input: unknown): string {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  return text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text;
}

function checkRefusal(where: string, status: number, body: unknown): boolean {
  if (status >= 500) throw new Error(`${where}: ${status} ${describeInput(body)}`);
  if (status < 400) return false;
  const refusal = body as { code?: unknown; message?: unknown };
  if (typeof refusal !== 'object' || refusal === null || typeof refusal.code !== 'string')
    throw new Error(`${where}: ${status} without a code: ${describeInput(body)}`);
  if (refusal.code === 'INTERNAL') throw new Error(`${where}: INTERNAL ${describeInput(body)}`);
  if (typeof refusal.message !== 'string' || !ARABIC.test(refusal.message))
    throw new Error(`${where}: ${status} ${refusal.code} without Arabic text: ${describeInput(body)}`);
  return true;
}

function runParameters<T>(): fc.Parameters<T> {
  return {
    numRuns: RUNS,
    seed: SEED,
    // One case at a time against a live server: a failure is reported, then shrunk a little.
    endOnFailure: false,
    interruptAfterTimeLimit: 30_000,
    markInterruptAsFailure: false,
    reporter(details: fc.RunDetails<T>) {
      if (details.failed)
        throw new Error(
          `${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n` +
            `  counterexample: ${describeInput(details.counterexample)}\n` +
            `  replay: FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`,
        );
    },
  };
}

// ---- The runs --------------------------------------------------------------------------------

describe('fuzzing every registered endpoint and socket event', () => {
  let server: TestServer;
  const clients = {} as Record<Role, SignedInClient>;
  const credentials = { member: 'فحص_عضو', owner: 'فحص_صاحب' };
  let origin: string;
  const covered = new Set<string>();
  const coveredEvents = new Set<string>();

  async function ensureSession(role: Role): Promise<void> {
    const alive = await api(server.url, '/api/auth/session', { cookie: clients[role].cookie });
    if ((alive.body as { user?: unknown }).user) return;
    if (role === 'guest') {
      clients.guest = await enterAsGuest(server.url, `ضيف_${covered.size}`);
      return;
    }
    const login = await api(server.url, '/api/auth/login', {
      body: { username: credentials[role], password: 'password-123' },
    });
    if (login.status !== 200) throw new Error(`${role} could not sign in again: ${JSON.stringify(login.body)}`);
    clients[role] = { user: clients[role].user, cookie: cookieFrom(login.headers) };
  }

  beforeAll(async () => {
    console.log(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
    server = await startTestServer();
    origin = new URL(server.url).origin;
    clients.guest = await enterAsGuest(server.url, 'ضيف_فحص');
    clients.member = await aMember(server, credentials.member);
    clients.owner = await aMember(server, credentials.owner, 'owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers a request Node's parser refuses (a URL or headers past 16 KiB) with the Arabic error body", async () => {
    for (const headers of [{}, { 'x-long': 'x'.repeat(20_000) }] as Record<string, string>[]) {
      const query = Object.keys(headers).length ? '' : `?q=${'%D8%A8'.repeat(4_000)}`;
      const res = await api(server.url, `/api/health${query}`, { headers });
      expect(res.status).toBe(431);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(res.body.message).toMatch(ARABIC);
    }
  });

  it(
    'sends malformed requests to every endpoint, as a guest, a member and the owner',
    { timeout: 300_000 },
    async () => {
      /** The snapshot after the last refusal: nothing has changed since (a success forgets it). */
      let stored: string | undefined;
      for (const { name, endpoint } of registeredEndpoints()) {
        for (const role of ROLES) {
          const where = `${endpoint.method} ${endpoint.path} (${name}) as ${role}`;
          const takesBody = endpoint.method !== 'GET';
          const property = fc.asyncProperty(
            pathArbitrary(endpoint),
            queryArbitrary(endpoint),
            takesBody ? bodyArbitrary(endpoint) : fc.constant(undefined),
            async (path, query, body) => {
              const before = (stored ??= await snapshot(server));
              stored = undefined;
              const response = await fetch(server.url + path + query, {
                method: endpoint.method,
                headers: {
                  cookie: clients[role].cookie,
                  origin,
                  referer: `${origin}/`,
                  ...(body ? { 'content-type': body.contentType } : {}),
                },
                body: body?.text,
                signal: AbortSignal.timeout(10_000),
              });
              const text = await response.text();
              let parsed: unknown = text;
              try {
                parsed = JSON.parse(text);
              } catch {
                // not JSON: checkRefusal says so when it was a refusal
              }
              const refused = checkRefusal(where, response.status, parsed);
              if (refused) {
                const after = await snapshot(server);
                if (after !== before) throw new Error(`${where}: refused (${response.status}) but stored data changed`);
                stored = after;
              }
            },
          );
          await fc.assert(property, runParameters());
          await ensureSession(role);
          stored = undefined;
        }
        covered.add(name);
      }
      const health = await api(server.url, '/api/health');
      expect(health.status).toBe(200);
    },
  );

  it(
    'sends malformed payloads with every client socket event, as a guest, a member and the owner',
    { timeout: 300_000 },
    async () => {
      for (const role of ROLES) await ensureSession(role);
      const sockets = {} as Record<Role, ClientSocket>;
      const errors: unknown[] = [];
      async function open(role: Role): Promise<void> {
        const socket = await connect(server.url, clients[role].cookie, {}, { headers: { origin } });
        await joinRoom(socket, 'general');
        socket.on('error', (payload) => errors.push(payload));
        sockets[role] = socket;
      }
      for (const role of ROLES) await open(role);
      let sent = 0;
      try {
        for (const [event, spec] of Object.entries(clientEvents)) {
          for (const role of ROLES) {
            const where = `socket ${event} as ${role}`;
            const argsArbitrary = fc.oneof(
              { arbitrary: shapedObject(keysOf(spec.payload)).map((payload) => [payload]), weight: 6 },
              { arbitrary: nastyValue.map((payload) => [payload]), weight: 2 },
              { arbitrary: fc.constant([]), weight: 1 },
              { arbitrary: fc.tuple(nastyValue, nastyValue), weight: 1 },
              { arbitrary: fc.constant([new Uint8Array([0, 255, 1])]), weight: 1 },
            );
            const property = fc.asyncProperty(argsArbitrary, async (args) => {
              // The event budget refills on the server clock: one event's worth each time.
              if (++sent % 20 === 0) await server.clock.advance(3_000);
              const socket = sockets[role];
              if (!socket.connected) throw new Error(`${where}: the socket was disconnected`);
              const before = await snapshot(server);
              if (Buffer.byteLength(JSON.stringify(args) ?? '') > SOCKET_BUFFER_BYTES) {
                // Past the server's buffer: the connection is closed at once (no handler runs).
                const closed = new Promise<void>((resolve, reject) => {
                  const timer = setTimeout(() => reject(new Error(`${where}: an oversized payload hung`)), 5_000);
                  socket.once('disconnect', () => {
                    clearTimeout(timer);
                    resolve();
                  });
                });
                (socket as unknown as { emit(event: string, ...args: unknown[]): void }).emit(event, ...args);
                await closed;
                await open(role);
                if ((await snapshot(server)) !== before)
                  throw new Error(`${where}: oversized, but stored data changed`);
                return;
              }
              const withAck = socket.timeout(5_000) as unknown as {
                emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
              };
              let reply: { ok?: unknown; code?: unknown; message?: unknown };
              try {
                reply = (await withAck.emitWithAck(event, ...args)) as typeof reply;
              } catch {
                throw new Error(`${where}: no acknowledgement within 5 s`);
              }
              if (typeof reply !== 'object' || reply === null || typeof reply.ok !== 'boolean')
                throw new Error(`${where}: acknowledgement without ok: ${describeInput(reply)}`);
              if (reply.ok) return;
              checkRefusal(where, 400, reply);
              const after = await snapshot(server);
              if (after !== before)
                throw new Error(`${where}: refused (${String(reply.code)}) but stored data changed`);
            });
            await fc.assert(property, runParameters());
          }
          // Without an acknowledgement too: the refusal comes as an `error` event, and the socket lives.
          for (const role of ROLES) {
            await server.clock.advance(3_000);
            const count = errors.length;
            (sockets[role] as unknown as { emit(event: string, payload: unknown): void }).emit(event, {
              __proto__: { polluted: true },
              roomId: '\u0000',
            });
            const deadline = Date.now() + 5_000;
            while (errors.length === count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
            expect(errors.length, `socket ${event} as ${role} without an ack: no error event`).toBeGreaterThan(count);
            const refusal = errors[errors.length - 1] as { code: string; message: string };
            expect(refusal.code).not.toBe('INTERNAL');
            expect(refusal.message).toMatch(ARABIC);
          }
          coveredEvents.add(event);
        }
        expect(coveredEvents.size).toBe(Object.keys(clientEvents).length);
        expect(coveredEvents.size).toBeGreaterThan(10);
        for (const role of ROLES) expect(sockets[role].connected, `${role}'s socket`).toBe(true);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      } finally {
        for (const role of ROLES) sockets[role].close();
      }
    },
  );
});
