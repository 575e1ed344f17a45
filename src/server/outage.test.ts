import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../shared/api/errors';
import { isDatabaseUnavailable } from './db/unavailable';
import {
  api,
  connect,
  enterAsGuest,
  handled,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from './testing/test-server';

describe('while the database is unreachable', () => {
  let server: TestServer;
  let hala: SignedInClient;
  let socket: ClientSocket;

  beforeAll(async () => {
    server = await startTestServer();
    hala = await enterAsGuest(server.url, 'هالة_العطل');
    socket = await connect(server.url, hala.cookie);
    await joinRoom(socket, 'general');
    // Healthy first.
    const healthy = await api(server.url, '/api/health');
    expect(healthy.status).toBe(200);
    expect(healthy.body).toMatchObject({ status: 'ok', down: [] });
    if (server.config.redisUrl) expect(healthy.body.redis).toBe('ok');
    else expect(healthy.body.redis).toBeUndefined();
    // Then the database goes away (its pool or embedded engine closed under the running server).
    await server.app.database.close();
  });
  afterAll(async () => {
    socket?.close();
    // The database is already closed: closing it again may complain.
    await server?.close().catch(() => undefined);
  });

  it('answers a write over the socket with SERVICE_UNAVAILABLE and the spec text, not INTERNAL', async () => {
    const reply = (await handled(socket, 'publicMessage', {
      roomId: 'general',
      content: 'هل من أحد؟',
      clientMessageId: 'outage-1',
    } as never)) as { ok: boolean; code?: string; message?: string };
    expect(reply).toMatchObject({
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    });
    expect(reply.message).toBe('الخدمة غير متاحة - حاول لاحقاً');
  });

  it('answers a write over HTTP with 503 SERVICE_UNAVAILABLE', async () => {
    const res = await api(server.url, '/api/messages/room/general', {
      cookie: hala.cookie,
      body: { content: 'عبر HTTP', clientMessageId: 'outage-2' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    expect(res.headers.get('retry-after')).toBe('5');
  });

  it('says in the health check that the database is down', async () => {
    const res = await api(server.url, '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ status: 'degraded', down: ['database'] });
  });
});

describe('telling an outage from a bug', () => {
  it('knows the failures of an unreachable database', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all failed'))).toBe(true);
  });

  it('does not take a bug or bad input for one', () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('invalid input'), { code: '22P02' }))).toBe(false);
  });
});
