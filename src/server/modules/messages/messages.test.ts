import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import { sanctions } from '../../db/schema';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let ali: SignedInClient;
let mona: SignedInClient;
let omar: SignedInClient;
let aliSocket: ClientSocket;
let monaSocket: ClientSocket;
let omarSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [ali, mona, omar] = await Promise.all([
    enterAsGuest(server.url, 'علي'),
    enterAsGuest(server.url, 'Mona', { gender: 'أنثى' }),
    enterAsGuest(server.url, 'عمر'),
  ]);
  [aliSocket, monaSocket, omarSocket] = await Promise.all([
    connect(server.url, ali.cookie),
    connect(server.url, mona.cookie),
    connect(server.url, omar.cookie),
  ]);
  await Promise.all([joinRoom(aliSocket, 'general'), joinRoom(monaSocket, 'general'), joinRoom(omarSocket, 'egypt')]);
});

afterAll(async () => {
  for (const socket of [aliSocket, monaSocket, omarSocket]) socket?.close();
  await server?.close();
});

function send(socket: ClientSocket, payload: Record<string, unknown>) {
  return socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', ...payload } as never);
}

describe('public messages', () => {
  // Flood control has its own tests (limits/message-flood.test.ts): each test here starts with a
  // clear allowance.
  beforeEach(() => server.clock.advance(60_000));

  it('reach everyone in the room, both ways, and nobody in another room', async () => {
    const omarSaw = recordEnvelopes(omarSocket);
    const monaGets = nextEnvelope(monaSocket, 'newMessage', (e) => e.message.content === 'السلام عليكم');
    const aliGetsOwn = nextEnvelope(aliSocket, 'newMessage', (e) => e.message.content === 'السلام عليكم');
    aliSocket.emit('publicMessage', { roomId: 'general', content: 'السلام عليكم' });
    const { message } = await monaGets;
    expect(message).toMatchObject({
      content: 'السلام عليكم',
      senderId: ali.user.id,
      roomId: 'general',
      messageType: 'text',
      isPrivate: false,
      receiverId: null,
      reactions: { like: 0, dislike: 0, heart: 0 },
      myReaction: null,
      attachments: [],
      bold: false,
      lastReaction: null,
    });
    expect(message.sender).toMatchObject({ id: ali.user.id, username: 'علي', userType: 'guest' });
    expect(typeof message.id).toBe('number');
    expect(Number.isNaN(Date.parse(message.timestamp))).toBe(false);
    await aliGetsOwn;

    const aliGets = nextEnvelope(aliSocket, 'newMessage', (e) => e.message.content === 'وعليكم السلام');
    monaSocket.emit('publicMessage', { roomId: 'general', content: 'وعليكم السلام' });
    expect((await aliGets).message.sender?.username).toBe('Mona');

    await settled(omarSocket);
    expect(omarSaw.filter((e) => e.type === 'newMessage')).toEqual([]);
  });

  it('attributes a message to the session user whatever senderId the payload claims', async () => {
    const monaGets = nextEnvelope(monaSocket, 'newMessage', (e) => e.message.content === 'أنا لست منى');
    const reply = await send(aliSocket, {
      content: 'أنا لست منى',
      senderId: mona.user.id,
      isPrivate: true,
      receiverId: mona.user.id,
    });
    expect(reply.ok).toBe(true);
    const { message } = await monaGets;
    expect(message.senderId).toBe(ali.user.id);
    expect(message.sender?.username).toBe('علي');
    expect(message.isPrivate).toBe(false);
  });

  it('answers malformed payloads with an Arabic error event and keeps serving', async () => {
    const bad: unknown[] = [
      undefined,
      'text',
      42,
      null,
      { roomId: 'general' },
      { roomId: 'general', content: 5 },
      { content: 'x' },
      { roomId: 'general', content: 'x', bold: 'yes' },
    ];
    for (const payload of bad) {
      const error = nextEvent(aliSocket, 'error');
      (aliSocket as unknown as { emit(e: string, p: unknown): void }).emit('publicMessage', payload);
      const received = await error;
      expect(received.action).toBe('publicMessage');
      expect(received.message).toMatch(/[\u0600-\u06FF]/);
    }
    const joinError = nextEvent(aliSocket, 'error');
    (aliSocket as unknown as { emit(e: string, p: unknown): void }).emit('joinRoom', { roomId: { $ne: 1 } });
    expect((await joinError).action).toBe('joinRoom');

    const monaGets = nextEnvelope(monaSocket, 'newMessage', (e) => e.message.content === 'ما زلت هنا');
    aliSocket.emit('publicMessage', { roomId: 'general', content: 'ما زلت هنا' });
    await monaGets;
    expect((await api(server.url, '/api/health')).status).toBe(200);
  });

  it('trims content, refuses empty and over-long text, and keeps colour and bold', async () => {
    const empty = await send(aliSocket, { content: '   \n ' });
    expect(empty).toMatchObject({ ok: false, code: 'MESSAGE_EMPTY', message: ERROR_MESSAGES.MESSAGE_EMPTY });
    const long = await send(aliSocket, { content: 'ب'.repeat(1001) });
    expect(long).toMatchObject({ ok: false, code: 'MESSAGE_TOO_LONG' });
    await server.clock.advance(800);
    const styled = await send(aliSocket, { content: '  مرحبا  ', textColor: 'B91C1C', bold: true });
    expect(styled.ok && styled.message).toMatchObject({ content: 'مرحبا', textColor: '#b91c1c', bold: true });
    const badColour = await send(aliSocket, { content: 'لون خطأ', textColor: 'red; background:url(x)' });
    expect(badColour.ok && badColour.message.textColor).toBeNull();
  });

  it('refuses a message to a room the socket has not joined', async () => {
    const reply = await send(omarSocket, { roomId: 'general', content: 'تسلل' });
    expect(reply).toMatchObject({ ok: false, code: 'ROOM_NOT_JOINED' });
  });

  it('stores a retried send once and broadcasts it once', async () => {
    const seen = recordEnvelopes(monaSocket);
    const first = await send(aliSocket, { content: 'مرة واحدة', clientMessageId: 'retry-1' });
    const second = await send(aliSocket, { content: 'مرة واحدة', clientMessageId: 'retry-1' });
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.message.id).toBe(first.message.id);
    expect(first.message.clientMessageId).toBe('retry-1');
    await settled(monaSocket);
    expect(seen.filter((e) => e.type === 'newMessage' && e.message.content === 'مرة واحدة')).toHaveLength(1);
  });

  it('shows typing to the others in the room only', async () => {
    const omarSaw = recordEnvelopes(omarSocket);
    const aliSaw = recordEnvelopes(aliSocket);
    const monaSees = nextEnvelope(monaSocket, 'typing');
    aliSocket.emit('typing', { roomId: 'general', isTyping: true });
    expect(await monaSees).toMatchObject({ roomId: 'general', userId: ali.user.id, username: 'علي', isTyping: true });
    await Promise.all([settled(omarSocket), settled(aliSocket)]);
    expect(omarSaw.some((e) => e.type === 'typing')).toBe(false);
    expect(aliSaw.some((e) => e.type === 'typing')).toBe(false);
  });
});

describe('room history', () => {
  it('returns the latest 12 messages of a room in order', async () => {
    const user = await enterAsGuest(server.url, 'كاتب');
    const socket = await connect(server.url, user.cookie);
    await joinRoom(socket, 'bahrain');
    const sent: Message[] = [];
    for (let i = 1; i <= 15; i++) {
      await server.clock.advance(3000); // within a visitor's flood allowance (5 in 10 s)
      const reply = await socket
        .timeout(3000)
        .emitWithAck('publicMessage', { roomId: 'bahrain', content: `رسالة رقم ${i}` });
      if (reply.ok) sent.push(reply.message);
    }
    expect(sent).toHaveLength(15);
    const res = await api(server.url, '/api/messages/room/bahrain/latest?limit=12', { cookie: user.cookie });
    expect(res.status).toBe(200);
    const messages = res.body.messages as Message[];
    expect(messages.map((m) => m.content)).toEqual(sent.slice(3).map((m) => m.content));
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b));
    expect(messages[0]!.sender?.username).toBe('كاتب');

    const since = await api(server.url, `/api/messages/room/bahrain/since?sinceId=${sent[12]!.id}`, {
      cookie: user.cookie,
    });
    expect((since.body.messages as Message[]).map((m) => m.content)).toEqual(['رسالة رقم 14', 'رسالة رقم 15']);
    expect(typeof since.body.serverLatency).toBe('number');

    const other = await api(server.url, '/api/messages/room/egypt/latest?limit=12', { cookie: user.cookie });
    expect(other.body.messages).toEqual([]);
    socket.close();
  });

  it('refuses history to visitors without a session, for unknown rooms and bad limits', async () => {
    expect((await api(server.url, '/api/messages/room/general/latest?limit=12')).status).toBe(401);
    const unknown = await api(server.url, '/api/messages/room/nowhere/latest?limit=12', { cookie: ali.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(ERROR_MESSAGES.ROOM_NOT_FOUND);
    const bad = await api(server.url, '/api/messages/room/general/latest?limit=abc', { cookie: ali.cookie });
    expect(bad.status).toBe(400);
    const huge = await api(server.url, '/api/messages/room/general/latest?limit=100000', { cookie: ali.cookie });
    expect(huge.status).toBe(400);
  });

  it('pages older history backwards until the first message, without deleted ones', async () => {
    const writer = await enterAsGuest(server.url, 'راوية', { gender: 'أنثى' });
    const socket = await connect(server.url, writer.cookie);
    await joinRoom(socket, 'kuwait');
    const sent: Message[] = [];
    for (let i = 1; i <= 45; i++) {
      await server.clock.advance(2500); // a visitor may send 5 messages in 10 s
      const reply = await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'kuwait', content: `سطر ${i}` });
      if (reply.ok) sent.push(reply.message);
    }
    expect(sent).toHaveLength(45);
    const removed = await api(server.url, `/api/messages/${sent[9]!.id}`, { method: 'DELETE', cookie: writer.cookie });
    expect(removed.status).toBe(200);

    const pages: Message[][] = [];
    let beforeId = sent[44]!.id + 1;
    let hasMore = true;
    while (hasMore) {
      const res = await api(server.url, `/api/messages/room/kuwait/before?beforeId=${beforeId}`, {
        cookie: writer.cookie,
      });
      expect(res.status).toBe(200);
      const page = res.body.messages as Message[];
      pages.push(page);
      hasMore = res.body.hasMore as boolean;
      beforeId = page[0]!.id;
    }
    // 44 shown messages in pages of 20 (the default), each page oldest first.
    expect(pages.map((p) => p.length)).toEqual([20, 20, 4]);
    const all = pages.reverse().flat();
    expect(all.map((m) => m.content)).toEqual(sent.filter((_, i) => i !== 9).map((m) => m.content));
    expect(all[0]!.sender?.username).toBe('راوية');

    const small = await api(server.url, `/api/messages/room/kuwait/before?beforeId=${sent[5]!.id}&limit=5`, {
      cookie: writer.cookie,
    });
    expect((small.body.messages as Message[]).map((m) => m.content)).toEqual([
      'سطر 1',
      'سطر 2',
      'سطر 3',
      'سطر 4',
      'سطر 5',
    ]);
    expect(small.body.hasMore).toBe(false);
    const exact = await api(server.url, `/api/messages/room/kuwait/before?beforeId=${sent[5]!.id}&limit=4`, {
      cookie: writer.cookie,
    });
    expect(exact.body.hasMore).toBe(true);
    socket.close();
  });

  it('refuses older history without a session, in locked rooms for non-staff, and for bad queries', async () => {
    const path = '/api/messages/room/general/before';
    expect((await api(server.url, `${path}?beforeId=10`)).status).toBe(401);
    for (const query of ['beforeId=abc', 'beforeId=-1', 'beforeId=10&limit=0', 'beforeId=10&limit=51', '']) {
      expect((await api(server.url, `${path}?${query}`, { cookie: ali.cookie })).status).toBe(400);
    }
    expect((await api(server.url, `${path}?beforeId=10&limit=50`, { cookie: ali.cookie })).status).toBe(200);
    const unknown = await api(server.url, '/api/messages/room/nowhere/before?beforeId=10', { cookie: ali.cookie });
    expect(unknown.status).toBe(404);

    const keeper = await aMember(server, 'حارس_الباب', 'moderator');
    const lock = await api(server.url, '/api/rooms/oman/lock', {
      method: 'PUT',
      cookie: keeper.cookie,
      body: { isLocked: true },
    });
    expect(lock.status).toBe(200);
    const refused = await api(server.url, '/api/messages/room/oman/before?beforeId=10', { cookie: ali.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERROR_MESSAGES.ROOM_LOCKED);
    const staff = await api(server.url, '/api/messages/room/oman/before?beforeId=10', { cookie: keeper.cookie });
    expect(staff.status).toBe(200);
    await api(server.url, '/api/rooms/oman/lock', { method: 'PUT', cookie: keeper.cookie, body: { isLocked: false } });
  });

  it('refuses history to someone barred by a sanction, as joining would be', async () => {
    const barred = await aMember(server, 'ممنوع_مؤقتاً');
    // A ban that reached the database (from another node, say) while this session still lives.
    await server.app.database.db.insert(sanctions).values({
      kind: 'ban',
      userId: barred.user.id,
      reason: 'اختبار',
      createdAt: new Date(server.clock.now()),
      expiresAt: new Date(server.clock.now() + 10 * 60_000),
    });
    for (const path of ['/api/messages/room/general/latest', '/api/messages/room/general/before?beforeId=10']) {
      const res = await api(server.url, path, { cookie: barred.cookie });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
