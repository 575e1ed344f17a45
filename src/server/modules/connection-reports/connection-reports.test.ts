import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';
import { connectionReports } from '../../db/schema';
import { CONNECTION_REPORT_RETENTION_MS } from './connection-reports.service';
import { CONNECTION_REPORTS_PER_MINUTE } from './connection-reports.routes';
import { POLL_TOKEN_TTL_MS } from '../auth';

// The polling fallback's read (`/since`), its bearer poll tokens, and connection reports.

let server: TestServer;
let keeper: SignedInClient;
let writer: SignedInClient;
let writerSocket: ClientSocket;
/** Messages the writer put in "oman", oldest first. */
const written: Message[] = [];

const since = (who: SignedInClient | null, room: string, query: string, headers: Record<string, string> = {}) =>
  api(server.url, `/api/messages/room/${room}/since?${query}`, { cookie: who?.cookie, headers });

const texts = (body: Record<string, unknown>) => (body.messages as Message[]).map((m) => m.content);

beforeAll(async () => {
  server = await startTestServer();
  [keeper, writer] = await Promise.all([aMember(server, 'حارس', 'admin'), aMember(server, 'كاتب', 'member')]);
  writerSocket = await connect(server.url, writer.cookie);
  await joinRoom(writerSocket, 'oman');
  for (let i = 1; i <= 6; i++) {
    await server.clock.advance(2000);
    const reply = await writerSocket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'oman', content: `سطر ${i}` });
    if (!reply.ok) throw new Error(reply.message);
    written.push(reply.message);
  }
});

afterAll(async () => {
  writerSocket.close();
  await server.close();
});

beforeEach(() => server.clock.advance(60_000));

describe('GET /api/messages/room/:roomId/since', () => {
  it('gives what came after sinceId, oldest first, within the limit, with the server latency', async () => {
    const reader = await enterAsGuest(server.url, 'قارئ');
    const all = await since(reader, 'oman', `sinceId=${written[1]!.id}`);
    expect(all.status).toBe(200);
    expect(texts(all.body)).toEqual(['سطر 3', 'سطر 4', 'سطر 5', 'سطر 6']);
    expect(typeof all.body.serverLatency).toBe('number');
    const two = await since(reader, 'oman', `sinceId=${written[1]!.id}&limit=2`);
    expect(texts(two.body)).toEqual(['سطر 3', 'سطر 4']);
    const none = await since(reader, 'oman', `sinceId=${written[5]!.id}`);
    expect(texts(none.body)).toEqual([]);
    // Out of bounds: a clear Arabic 400, never a 500.
    for (const bad of ['sinceId=-1', 'sinceId=abc', `sinceId=1&limit=501`, 'sinceId=1&limit=0', '']) {
      const refused = await since(reader, 'oman', bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('lists the messages deleted in the range the caller holds, so its cache can drop them', async () => {
    const reader = await enterAsGuest(server.url, 'متابع');
    const gone = written[2]!;
    expect(
      (await api(server.url, `/api/messages/${gone.id}`, { method: 'DELETE', cookie: keeper.cookie })).status,
    ).toBe(200);
    const reply = await since(reader, 'oman', `sinceId=${written[4]!.id}&fromId=${written[0]!.id}`);
    expect(reply.body.deletedIds).toEqual([gone.id]);
    expect(texts(reply.body)).toEqual(['سطر 6']);
    // The deleted one is never served again.
    const again = await since(reader, 'oman', `sinceId=${written[0]!.id}`);
    expect(texts(again.body)).not.toContain(gone.content);
  });

  it('refuses without a session, a locked room to visitors, an unknown room, and a kicked reader', async () => {
    const visitor = await enterAsGuest(server.url, 'زائر');
    expect((await since(null, 'oman', 'sinceId=0')).status).toBe(401);
    const lock = (isLocked: boolean) =>
      api(server.url, '/api/rooms/oman/lock', { method: 'PUT', cookie: keeper.cookie, body: { isLocked } });
    expect((await lock(true)).status).toBe(200);
    try {
      const locked = await since(visitor, 'oman', 'sinceId=0');
      expect(locked.status).toBe(403);
      expect(locked.body.code).toBe('ROOM_LOCKED');
      // Staff still read a locked room.
      expect((await since(keeper, 'oman', 'sinceId=0')).status).toBe(200);
    } finally {
      await lock(false);
    }
    const unknown = await since(visitor, 'no-such-room', 'sinceId=0');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ROOM_NOT_FOUND');

    expect(
      (
        await api(server.url, '/api/moderation/kick', {
          cookie: keeper.cookie,
          body: { targetId: visitor.user.id, durationMinutes: 5 },
        })
      ).status,
    ).toBe(200);
    const kicked = await since(visitor, 'oman', 'sinceId=0');
    expect([401, 403]).toContain(kicked.status);
    expect(kicked.body.messages).toBeUndefined();
  });

  it('never serves private messages', async () => {
    const other = await enterAsGuest(server.url, 'صديق');
    const sent = await api(server.url, '/api/private-messages/send', {
      cookie: writer.cookie,
      body: { receiverId: other.user.id, content: 'سر بيننا' },
    });
    expect(sent.status).toBe(200);
    const reply = await since(other, 'oman', 'sinceId=0');
    expect(texts(reply.body)).not.toContain('سر بيننا');
  });

  it('accepts a poll token of a live session in Authorization, and nothing else in its place', async () => {
    const reader = await enterAsGuest(server.url, 'متصفح');
    const issued = await api(server.url, '/api/connection/poll-token', { method: 'POST', cookie: reader.cookie });
    expect(issued.status).toBe(200);
    const token = issued.body.token as string;
    expect(token).not.toContain(reader.cookie.split('=')[1]!.split('.')[0]!);
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

    const byToken = await since(null, 'oman', `sinceId=${written[4]!.id}`, bearer(token));
    expect(byToken.status).toBe(200);
    expect(texts(byToken.body)).toEqual(['سطر 6']);

    // Tampered, truncated, or signed for another session: refused.
    const [version, id, expiry, mac] = token.split('.') as [string, string, string, string];
    const otherToken = (await api(server.url, '/api/connection/poll-token', { method: 'POST', cookie: writer.cookie }))
      .body.token as string;
    const otherId = otherToken.split('.')[1]!;
    for (const forged of [
      `${version}.${otherId}.${expiry}.${mac}`,
      `${version}.${id}.${Number(expiry) + 60_000}.${mac}`,
      `${version}.${id}.${expiry}`,
      token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'),
      'x'.repeat(600),
    ])
      expect((await since(null, 'oman', 'sinceId=0', bearer(forged))).status, forged.slice(0, 40)).toBe(401);
    // Only the header counts: not a query parameter.
    expect((await since(null, 'oman', `sinceId=0&token=${encodeURIComponent(token)}`)).status).toBe(401);
    // It does not stand in for the cookie anywhere else.
    expect((await api(server.url, '/api/messages/room/oman/latest', { headers: bearer(token) })).status).toBe(401);

    // It expires, and it dies with the session.
    await server.clock.advance(POLL_TOKEN_TTL_MS + 1000);
    expect((await since(null, 'oman', 'sinceId=0', bearer(token))).status).toBe(401);
    const fresh = (await api(server.url, '/api/connection/poll-token', { method: 'POST', cookie: reader.cookie })).body
      .token as string;
    expect((await since(null, 'oman', 'sinceId=0', bearer(fresh))).status).toBe(200);
    expect((await api(server.url, '/api/auth/logout', { method: 'POST', cookie: reader.cookie })).status).toBe(200);
    expect((await since(null, 'oman', 'sinceId=0', bearer(fresh))).status).toBe(401);
  });
});

describe('POST /api/connection-report', () => {
  const report = (overrides: Record<string, unknown> = {}) => ({
    timestamp: Date.now(),
    health: { score: 82, band: 'good' },
    metrics: { successRate: 0.9, latencyMs: 320, samples: 10, transport: 'websocket', pollFailures: 0 },
    userAgent: 'Mozilla/5.0 test',
    connectionType: '4g',
    ...overrides,
  });
  const rows = (userId: number) =>
    server.app.database.db
      .select({ score: connectionReports.score, band: connectionReports.band })
      .from(connectionReports)
      .where(eq(connectionReports.userId, userId));

  it('stores a valid report of a signed-in page and refuses anything malformed in Arabic', async () => {
    const visitor = await enterAsGuest(server.url, 'مراقب');
    expect((await api(server.url, '/api/connection-report', { body: report() })).status).toBe(401);
    const ok = await api(server.url, '/api/connection-report', { cookie: visitor.cookie, body: report() });
    expect(ok.status).toBe(200);
    expect(await rows(visitor.user.id)).toEqual([{ score: 82, band: 'good' }]);
    // Each malformed report from a session of its own, so the rate limit does not answer first.
    const others = await Promise.all([1, 2].map((n) => enterAsGuest(server.url, `مراقب ${n}`)));
    let sent = 0;
    const post = (body: unknown) =>
      api(server.url, '/api/connection-report', { cookie: others[Math.floor(sent++ / 4)]!.cookie, body });
    for (const bad of [
      report({ health: { score: 101, band: 'good' } }),
      report({ health: { score: 50, band: 'splendid' } }),
      report({ metrics: { successRate: 2, latencyMs: 1, samples: 1, transport: 'websocket' } }),
      report({ metrics: { successRate: 1, latencyMs: -5, samples: 1, transport: 'websocket' } }),
      report({ metrics: { successRate: 1, latencyMs: 5, samples: 1, transport: 'carrier-pigeon' } }),
      report({ userAgent: 'x'.repeat(501) }),
      report({ timestamp: 'now' }),
      'not json',
    ]) {
      const refused = await post(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('takes a few reports a minute per session, then answers 429 in Arabic', async () => {
    const chatty = await enterAsGuest(server.url, 'ثرثار');
    const calm = await enterAsGuest(server.url, 'هادئ');
    const send = (who: SignedInClient) =>
      api(server.url, '/api/connection-report', { cookie: who.cookie, body: report() });
    for (let i = 0; i < CONNECTION_REPORTS_PER_MINUTE; i++) expect((await send(chatty)).status).toBe(200);
    const limited = await send(chatty);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/[\u0600-\u06FF]/);
    // Another session from the same address is not held back.
    expect((await send(calm)).status).toBe(200);
  });

  it('prunes reports past the retention', async () => {
    const old = await enterAsGuest(server.url, 'قديم');
    expect((await api(server.url, '/api/connection-report', { cookie: old.cookie, body: report() })).status).toBe(200);
    expect(await rows(old.user.id)).toHaveLength(1);
    await server.clock.advance(CONNECTION_REPORT_RETENTION_MS + 2 * 60 * 60_000);
    await expect.poll(() => rows(old.user.id)).toHaveLength(0);
  });
});
