import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../shared/api/endpoint';
import { endpoints } from '../../shared/api/endpoints';
import { aMember, startTestServer, type SignedInClient, type TestServer } from '../testing/test-server';

/**
 * Every endpoint in the registry, called with hostile path parameters and bodies, by a signed-in
 * admin (so permission checks do not hide what comes after them): never a 5xx, and every refusal
 * carries an Arabic message. New endpoints join the sweep by being registered.
 */
let server: TestServer;
let admin: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await aMember(server, 'سامر', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const all: Endpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group) as Endpoint[]);
const HOSTILE_PARAMS = ['2147483648', '99999999999', '-1', '1.5', 'abc', '9'.repeat(300), 'a%00b', '%F0%28'];
const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  'نص',
  {
    userId: 2147483648,
    receiverId: 99999999999,
    id: -1,
    content: 'a\u0000b',
    type: 'love',
    password: '\u0000',
    username: 'ا\u0000',
    role: 'owner',
    siteTheme: '\u0000',
    isLocked: 'yes',
    limit: 1e12,
  },
];
const ARABIC = /[\u0600-\u06FF]/;

async function call(method: string, path: string, body: unknown) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      cookie: admin.cookie,
      origin: server.url,
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    body: method === 'GET' ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('the whole HTTP surface under hostile input', () => {
  it(`answers ${all.length} endpoints with a 4xx in Arabic or a success, never a 5xx`, async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const e of all) {
      // Leave the admin's session alone.
      if (e.path.startsWith('/api/auth/logout') || (e.method === 'DELETE' && e.path.includes('sessions'))) continue;
      for (const value of HOSTILE_PARAMS) {
        const path = e.path.replace(/:[A-Za-z]+/g, value);
        for (const body of e.method === 'GET' || e.method === 'DELETE' ? [undefined] : HOSTILE_BODIES) {
          const { status, text } = await call(e.method, `${path}?limit=1e12&beforeId=-5&sinceId=abc`, body);
          if (status >= 400 && status < 500) refused += 1;
          if (status >= 500) failures.push(`${e.method} ${path} → ${status}: ${text.slice(0, 120)}`);
          else if (status >= 400 && !ARABIC.test(text))
            failures.push(`${e.method} ${path} → ${status} without Arabic: ${text.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The sweep reached the handlers' checks: nearly every hostile call is refused.
    expect(refused).toBeGreaterThan(all.length * HOSTILE_PARAMS.length);
  }, 300_000);
});
