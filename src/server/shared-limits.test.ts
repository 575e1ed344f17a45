import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../shared/api/errors';
import { forReader } from '../shared/api/errors-feminine';
import { backoffMs, LOGIN_FREE_FAILURES } from './modules/auth';
import { api, register, startPeerNode, startTestServer, type TestServer } from './testing/test-server';

const login = (server: TestServer, username: string, password: string) =>
  api(server.url, '/api/auth/login', { body: { username, password } });

describe('the per-account sign-in back-off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('slows a guesser of one account, says in Arabic when to try again, and lets the owner in after the wait', async () => {
    await register(server.url, 'نوال_الباب', 'the-right-one');
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect((await login(server, 'نوال_الباب', `guess-${i}`)).body.code).toBe('INVALID_CREDENTIALS');
    const slowed = await login(server, 'نوال_الباب', 'the-right-one');
    expect(slowed.status).toBe(429);
    expect(slowed.body.code).toBe('LOGIN_BACKOFF');
    expect(slowed.body.message).toBe('محاولات دخول خاطئة كثيرة لهذا الحساب؛ أعد المحاولة بعد 15 ثانية');
    expect(forReader(slowed.body.message as string, 'أنثى')).toContain('أعيدي المحاولة بعد');
    // Another account is not slowed.
    await register(server.url, 'جار_الباب', 'another-pass');
    expect((await login(server, 'جار_الباب', 'another-pass')).status).toBe(200);

    await server.clock.advance(backoffMs(LOGIN_FREE_FAILURES) + 1000);
    // One more wrong guess doubles the wait.
    expect((await login(server, 'نوال_الباب', 'guess-again')).status).toBe(401);
    const longer = await login(server, 'نوال_الباب', 'the-right-one');
    expect(longer.body.timeLeft ?? longer.body.message).toBeTruthy();
    expect(longer.body.message).toContain('30 ثانية');
    await server.clock.advance(backoffMs(LOGIN_FREE_FAILURES + 1) + 1000);
    expect((await login(server, 'نوال_الباب', 'the-right-one')).status).toBe(200);
    // The right password reset it.
    expect((await login(server, 'نوال_الباب', 'wrong')).status).toBe(401);
    expect((await login(server, 'نوال_الباب', 'the-right-one')).status).toBe(200);
  });

  it('never waits longer than ten minutes', () => {
    expect(backoffMs(LOGIN_FREE_FAILURES - 1)).toBe(0);
    expect(backoffMs(1000)).toBe(10 * 60_000);
  });
});

// Needs the shared PostgreSQL and Redis: two nodes of one site.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('limits every node shares', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    // Behind a proxy: each test speaks from its own address (X-Forwarded-For), so its counters are its own.
    const limits = { authAttemptsPerMinute: 6, apiRequestsPerMinute: 40, trustProxy: true };
    nodeA = await startTestServer(limits);
    nodeB = await startPeerNode(nodeA, limits);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const loginFrom = (node: TestServer, address: string, username: string, password: string) =>
    api(node.url, '/api/auth/login', { body: { username, password }, headers: from(address) });

  it("counts an address's sign-in attempts once for the site, not once per node", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await loginFrom(nodeA, '203.0.113.1', `غريب_${i}`, 'nothing')).status);
    for (let i = 0; i < 3; i++) statuses.push((await loginFrom(nodeB, '203.0.113.1', `غريب_ب_${i}`, 'nothing')).status);
    // Six allowed in the minute on both nodes together; the seventh is refused, on either node.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    for (const node of [nodeA, nodeB]) {
      const refused = await loginFrom(node, '203.0.113.1', 'غريب_أخير', 'nothing');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(ERROR_MESSAGES.RATE_LIMITED);
    }
    // Another address is not held back.
    expect((await loginFrom(nodeB, '203.0.113.2', 'غريب_آخر', 'nothing')).status).toBe(401);
  });

  it("counts an address's API requests once for the site", async () => {
    let answered = 0;
    let refused = false;
    for (let i = 0; i < 60 && !refused; i++) {
      const res = await api((i % 2 === 0 ? nodeA : nodeB).url, '/api/rooms', { headers: from('203.0.113.3') });
      if (res.status === 429) refused = true;
      else answered++;
    }
    expect(refused).toBe(true);
    expect(answered).toBe(40);
  });

  it('slows a guesser of one account spread over both nodes and many addresses; the wait holds on either', async () => {
    const registered = await api(nodeA.url, '/api/auth/register', {
      body: { username: 'هدف_مشترك', password: 'right-password' },
      headers: from('203.0.113.4'),
    });
    expect(registered.status).toBe(201);
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      expect((await loginFrom(node, `198.51.100.${i + 1}`, 'هدف_مشترك', `guess-${i}`)).status).toBe(401);
    }
    for (const node of [nodeA, nodeB]) {
      const slowed = await loginFrom(node, '198.51.100.50', 'هدف_مشترك', 'right-password');
      expect(slowed.body.code).toBe('LOGIN_BACKOFF');
      expect(slowed.body.message).toMatch(/أعد المحاولة بعد \d+ ثانية/);
    }
    // The wait is measured on each node's clock: after it, the owner is in from either.
    await Promise.all([nodeA.clock.advance(16_000), nodeB.clock.advance(16_000)]);
    expect((await loginFrom(nodeB, '198.51.100.60', 'هدف_مشترك', 'right-password')).status).toBe(200);
  });
});
