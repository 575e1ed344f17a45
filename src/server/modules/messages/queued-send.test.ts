import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// `POST /api/messages/room/{roomId}`: the outbox's and the polling fallback's way to send. It must
// obey every rule of the socket's `publicMessage` and share its idempotency.

let server: TestServer;
let keeper: SignedInClient;
let salma: SignedInClient;
let hadi: SignedInClient;
let salmaSocket: ClientSocket;
let hadiSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [keeper, salma, hadi] = await Promise.all([
    aMember(server, 'حارس', 'admin'),
    enterAsGuest(server.url, 'سلمى'),
    enterAsGuest(server.url, 'هادي'),
  ]);
  [salmaSocket, hadiSocket] = await Promise.all([connect(server.url, salma.cookie), connect(server.url, hadi.cookie)]);
  await Promise.all([joinRoom(salmaSocket, 'general'), joinRoom(hadiSocket, 'general')]);
});

afterAll(async () => {
  for (const socket of [salmaSocket, hadiSocket]) socket?.close();
  await server?.close();
});

// Each test starts with a clear flood allowance.
beforeEach(() => server.clock.advance(60_000));

function post(who: SignedInClient, roomId: string, body: unknown) {
  return api(server.url, `/api/messages/room/${roomId}`, { method: 'POST', body, cookie: who.cookie });
}

function expectRefused(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  // Some messages carry the seconds left after the catalogue's text.
  expect(String(res.body.message)).toContain(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES].slice(0, 12));
}

describe('sending a message over HTTP', () => {
  it('stores it as the session user and announces it to the room', async () => {
    const heard = nextEnvelope(hadiSocket, 'newMessage', (e) => e.message.content === 'من الطابور');
    const res = await post(salma, 'general', {
      content: '  من الطابور ',
      messageType: 'text',
      textColor: '#B91C1C',
      bold: true,
      clientMessageId: 'http-1',
      senderId: hadi.user.id,
    });
    expect(res.status).toBe(200);
    const message = res.body.message as Message;
    expect(message).toMatchObject({
      content: 'من الطابور',
      senderId: salma.user.id,
      roomId: 'general',
      textColor: '#b91c1c',
      bold: true,
      clientMessageId: 'http-1',
    });
    expect((await heard).message.id).toBe(message.id);
  });

  it('may post to the room the user last joined even with no socket there', async () => {
    const reader = await enterAsGuest(server.url, 'بلا اتصال');
    const gone = await connect(server.url, reader.cookie);
    await joinRoom(gone, 'general');
    gone.close();
    const heard = nextEnvelope(hadiSocket, 'newMessage', (e) => e.message.content === 'وصلت بعد انقطاع');
    expect((await post(reader, 'general', { content: 'وصلت بعد انقطاع' })).status).toBe(200);
    await heard;
  });

  it('refuses a room the user could enter but is not in now (not their last join)', async () => {
    const wanderer = await enterAsGuest(server.url, 'متجول');
    expectRefused(await post(wanderer, 'general', { content: 'لم أدخل بعد' }), 403, 'ROOM_NOT_JOINED');
    const socket = await connect(server.url, wanderer.cookie);
    await joinRoom(socket, 'egypt');
    expectRefused(await post(wanderer, 'general', { content: 'من غرفة أخرى' }), 403, 'ROOM_NOT_JOINED');
    expect((await post(wanderer, 'egypt', { content: 'من غرفتي' })).status).toBe(200);
    socket.close();
  });

  it('refuses without a session, unknown rooms and bad input, in Arabic', async () => {
    expect(
      (await api(server.url, '/api/messages/room/general', { method: 'POST', body: { content: 'x' } })).status,
    ).toBe(401);
    expectRefused(await post(salma, 'nowhere', { content: 'أين؟' }), 404, 'ROOM_NOT_FOUND');
    expectRefused(await post(salma, 'general', { content: '   ' }), 400, 'MESSAGE_EMPTY');
    expectRefused(await post(salma, 'general', { content: 'ب'.repeat(1001) }), 400, 'MESSAGE_TOO_LONG');
    for (const body of [{}, { content: 'نص', messageType: 'image' }, { content: 'نص', bold: 'yes' }, 'not json']) {
      const res = await post(salma, 'general', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('obeys room locks and chat locks', async () => {
    const lock = (isLocked: boolean) =>
      api(server.url, '/api/rooms/qatar/lock', { method: 'PUT', cookie: keeper.cookie, body: { isLocked } });
    const chatLock = (chatLockAll: boolean) =>
      api(server.url, '/api/rooms/qatar/chat-lock', { method: 'PUT', cookie: keeper.cookie, body: { chatLockAll } });
    const visitor = await enterAsGuest(server.url, 'زائرة_قطر');
    const visitorSocket = await connect(server.url, visitor.cookie);
    await joinRoom(visitorSocket, 'qatar');
    expect((await lock(true)).status).toBe(200);
    const locked = await post(visitor, 'qatar', { content: 'مقفلة' });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toMatch(/[\u0600-\u06FF]/);
    await lock(false);
    expect((await chatLock(true)).status).toBe(200);
    const quiet = await post(visitor, 'qatar', { content: 'صامتة' });
    expect(quiet.status).toBe(403);
    expect(quiet.body.message).toMatch(/[\u0600-\u06FF]/);
    await chatLock(false);
    expect((await post(visitor, 'qatar', { content: 'مفتوحة' })).status).toBe(200);
    visitorSocket.close();
  });

  it('refuses a muted or banned user, with the time left', async () => {
    const talker = await enterAsGuest(server.url, 'متكلم');
    const talkerSocket = await connect(server.url, talker.cookie);
    await joinRoom(talkerSocket, 'general');
    // The sanction is read from the database for each HTTP send: here the socket is gone.
    talkerSocket.close();
    const sanction = (action: string) =>
      api(server.url, `/api/moderation/${action}`, {
        cookie: keeper.cookie,
        body: { targetId: talker.user.id, durationMinutes: 5 },
      });
    expect((await sanction('mute')).status).toBe(200);
    const muted = await post(talker, 'general', { content: 'هل تسمعونني' });
    expectRefused(muted, 403, 'MUTED');
    expect(muted.body.timeLeft).toBeGreaterThan(0);
    expect((await sanction('ban')).status).toBe(200);
    const banned = await post(talker, 'general', { content: 'ما زلت هنا' });
    // A ban also ends the session, so the send is refused either way.
    expect([401, 403]).toContain(banned.status);
    expect(banned.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('counts towards flood control (5 in 10 s for visitors)', async () => {
    const fast = await enterAsGuest(server.url, 'مستعجل');
    const fastSocket = await connect(server.url, fast.cookie);
    await joinRoom(fastSocket, 'general');
    fastSocket.close();
    for (let i = 1; i <= 5; i++) {
      expect((await post(fast, 'general', { content: `رسالة رقم ${i}` })).status).toBe(200);
      await server.clock.advance(300);
    }
    expectRefused(await post(fast, 'general', { content: 'رسالة زائدة' }), 429, 'MESSAGE_RATE_LIMITED');
  });

  it('applies the word filter', async () => {
    const admin = await aMember(server, 'رصين', 'admin');
    const words = (list: unknown[]) =>
      api(server.url, '/api/moderation/words', { method: 'PUT', body: { words: list }, cookie: admin.cookie });
    expect((await words([{ word: 'ممنوعة', action: 'block' }])).status).toBe(200);
    expectRefused(await post(salma, 'general', { content: 'كلمة ممنوعة هنا' }), 400, 'MESSAGE_BLOCKED_WORD');
    await words([]);
  });
});

describe('one message retried over socket and HTTP', () => {
  it('is stored once and broadcast once, whichever way each try came', async () => {
    const seen = recordEnvelopes(hadiSocket);
    const payload = { content: 'ثلاث محاولات', clientMessageId: 'both-ways-1' };
    const bySocket = await salmaSocket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', ...payload });
    const byHttp = await post(salma, 'general', payload);
    await server.clock.advance(1000);
    const again = await post(salma, 'general', payload);
    expect(bySocket.ok).toBe(true);
    if (!bySocket.ok) return;
    expect((byHttp.body.message as Message).id).toBe(bySocket.message.id);
    expect((again.body.message as Message).id).toBe(bySocket.message.id);

    // And the other way round: HTTP first, then the socket.
    const first = await post(salma, 'general', { content: 'من الجهة الأخرى', clientMessageId: 'both-ways-2' });
    const second = await salmaSocket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'general', content: 'من الجهة الأخرى', clientMessageId: 'both-ways-2' });
    expect(second.ok && second.message.id).toBe((first.body.message as Message).id);

    await settled(hadiSocket);
    const announced = (content: string) =>
      seen.filter((e) => e.type === 'newMessage' && e.message.content === content).length;
    expect(announced('ثلاث محاولات')).toBe(1);
    expect(announced('من الجهة الأخرى')).toBe(1);
    const latest = await api(server.url, '/api/messages/room/general/latest?limit=50', { cookie: salma.cookie });
    const stored = (latest.body.messages as Message[]).filter((m) => m.clientMessageId?.startsWith('both-ways-'));
    expect(stored).toHaveLength(2);
  });

  it('still returns the stored message to a retry once the flood allowance is spent', async () => {
    const busy = await enterAsGuest(server.url, 'كثير الكلام');
    const busySocket = await connect(server.url, busy.cookie);
    await joinRoom(busySocket, 'general');
    const first = await post(busy, 'general', { content: 'الأولى', clientMessageId: 'spent-1' });
    for (let i = 2; i <= 5; i++) {
      await server.clock.advance(300);
      await post(busy, 'general', { content: `التالية ${i}` });
    }
    const retry = await busySocket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'general', content: 'الأولى', clientMessageId: 'spent-1' });
    expect(retry.ok && retry.message.id).toBe((first.body.message as Message).id);
    busySocket.close();
  });
});
