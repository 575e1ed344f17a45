import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  connect,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

const MINUTE = 60_000;

let server: TestServer;
let ali: SignedInClient;
let mona: SignedInClient;
let moderator: SignedInClient;
let aliSocket: ClientSocket;
let monaSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [ali, mona, moderator] = await Promise.all([
    aMember(server, 'علي_ت'),
    aMember(server, 'منى_ت'),
    aMember(server, 'كريم_ت', 'moderator'),
  ]);
  [aliSocket, monaSocket] = await Promise.all([connect(server.url, ali.cookie), connect(server.url, mona.cookie)]);
  await Promise.all([joinRoom(aliSocket, 'general'), joinRoom(monaSocket, 'general')]);
});

afterAll(async () => {
  for (const socket of [aliSocket, monaSocket]) socket?.close();
  await server?.close();
});

async function post(socket: ClientSocket, content: string): Promise<Message> {
  const reply = (await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content })) as {
    message: Message;
  };
  return reply.message;
}

function edit(who: SignedInClient, id: number, content: unknown, node = server) {
  return api(node.url, `/api/messages/${id}`, { method: 'PATCH', cookie: who.cookie, body: { content } });
}

describe('editing a room message', () => {
  beforeEach(() => server.clock.advance(MINUTE));

  it('its sender changes the text within 15 minutes; the room sees it, marked edited', async () => {
    const message = await post(aliSocket, 'موعدنا الساعة الثامنة');
    expect(message.editedAt).toBeNull();
    server.clock.advance(14 * MINUTE);
    const seen = nextEnvelope(monaSocket, 'messageEdited', (e) => e.messageId === message.id);
    const res = await edit(ali, message.id, '  موعدنا الساعة التاسعة  ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ messageId: message.id, content: 'موعدنا الساعة التاسعة' });
    const envelope = await seen;
    expect(envelope).toMatchObject({ roomId: 'general', content: 'موعدنا الساعة التاسعة' });
    expect(envelope.editedAt).toBe(res.body.editedAt);

    // History shows the new text and when it changed.
    const latest = await api(server.url, '/api/messages/room/general/latest?limit=50', { cookie: mona.cookie });
    const listed = (latest.body.messages as Message[]).find((m) => m.id === message.id);
    expect(listed).toMatchObject({ content: 'موعدنا الساعة التاسعة', editedAt: res.body.editedAt });
  });

  it('is refused after 15 minutes, to anyone else (staff too), and for a deleted message', async () => {
    const message = await post(aliSocket, 'رسالة قديمة');
    server.clock.advance(15 * MINUTE + 1000);
    const late = await edit(ali, message.id, 'تعديل متأخر');
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(ERROR_MESSAGES.MESSAGE_EDIT_EXPIRED);

    const fresh = await post(aliSocket, 'رسالة جديدة');
    for (const other of [mona, moderator]) {
      const res = await edit(other, fresh.id, 'ليست رسالتي');
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ERROR_MESSAGES.MESSAGE_NOT_YOURS);
    }
    expect((await edit(ali, fresh.id, '')).status).toBe(400);
    expect((await edit(ali, fresh.id, 'رسالة جديدة')).body.code).toBe('NOTHING_TO_UPDATE');
    expect((await api(server.url, `/api/messages/${fresh.id}`, { method: 'DELETE', cookie: ali.cookie })).status).toBe(
      200,
    );
    expect((await edit(ali, fresh.id, 'بعد الحذف')).status).toBe(404);
    expect((await edit(ali, 987654, 'لا وجود لها')).status).toBe(404);
  });

  it('runs the word filter again: a blocked word refuses the edit, a masked one is masked', async () => {
    const admin = await aMember(server, 'ليلى_ك', 'admin');
    const words = [
      { word: 'ممنوعة', action: 'block' },
      { word: 'مخفية', action: 'mask' },
    ];
    expect(
      (await api(server.url, '/api/moderation/words', { method: 'PUT', cookie: admin.cookie, body: { words } })).status,
    ).toBe(200);
    try {
      const message = await post(aliSocket, 'نص سليم');
      const blocked = await edit(ali, message.id, 'كلمة ممنوعة هنا');
      expect(blocked.status).toBe(400);
      expect(blocked.body.message).toBe(ERROR_MESSAGES.MESSAGE_BLOCKED_WORD);
      const masked = await edit(ali, message.id, 'كلمة مخفية هنا');
      expect(masked.status).toBe(200);
      expect(masked.body.content).not.toContain('مخفية');
    } finally {
      await api(server.url, '/api/moderation/words', { method: 'PUT', cookie: admin.cookie, body: { words: [] } });
    }
  });

  it('is refused while muted and in a chat-locked room, as sending is', async () => {
    const message = await post(aliSocket, 'قبل القفل');
    await api(server.url, '/api/rooms/general/chat-lock', {
      method: 'PUT',
      cookie: moderator.cookie,
      body: { chatLockAll: true },
    });
    try {
      const locked = await edit(ali, message.id, 'أثناء القفل');
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe(ERROR_MESSAGES.CHAT_LOCKED);
    } finally {
      await api(server.url, '/api/rooms/general/chat-lock', {
        method: 'PUT',
        cookie: moderator.cookie,
        body: { chatLockAll: false },
      });
    }
    const muted = await api(server.url, '/api/moderation/mute', {
      method: 'POST',
      cookie: moderator.cookie,
      body: { targetId: ali.user.id, durationMinutes: 5 },
    });
    expect(muted.status).toBe(200);
    try {
      const res = await edit(ali, message.id, 'أثناء الكتم');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('MUTED');
    } finally {
      await api(server.url, `/api/moderation/mute/${ali.user.id}`, { method: 'DELETE', cookie: moderator.cookie });
    }
  });

  it('keeps the earlier text for staff in the moderation log, not for others', async () => {
    const message = await post(aliSocket, 'النص الأول للسجل');
    expect((await edit(ali, message.id, 'النص الثاني للسجل')).status).toBe(200);
    const log = await api(server.url, `/api/moderation/log?action=editMessage&targetId=${ali.user.id}`, {
      cookie: moderator.cookie,
    });
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'editMessage', actorId: ali.user.id, messageText: 'النص الأول للسجل' }),
      ]),
    );
    expect((await api(server.url, '/api/moderation/log', { cookie: mona.cookie })).status).toBe(403);
  });

  it('is not heard by someone who ignores the sender', async () => {
    const ignorer = await aMember(server, 'سعيد_ت');
    const socket = await connect(server.url, ignorer.cookie);
    try {
      await joinRoom(socket, 'general');
      const ignored = await api(server.url, `/api/users/${ignorer.user.id}/ignore/${ali.user.id}`, {
        method: 'POST',
        cookie: ignorer.cookie,
      });
      expect(ignored.status).toBe(200);
      const seen = recordEnvelopes(socket);
      const message = await post(aliSocket, 'لن يراها');
      const monaSees = nextEnvelope(monaSocket, 'messageEdited', (e) => e.messageId === message.id);
      await edit(ali, message.id, 'لن يرى تعديلها');
      await monaSees;
      await settled(socket);
      expect(seen.filter((e) => e.type === 'messageEdited')).toEqual([]);
    } finally {
      socket.close();
    }
  });
});

describe("deleting one's own room message", () => {
  beforeEach(() => server.clock.advance(MINUTE));

  it('removes it for everyone with messageDeleted, whenever it was sent', async () => {
    const message = await post(aliSocket, 'سأحذفها');
    server.clock.advance(60 * MINUTE);
    const gone = nextEnvelope(monaSocket, 'messageDeleted', (e) => e.messageId === message.id);
    expect(
      (await api(server.url, `/api/messages/${message.id}`, { method: 'DELETE', cookie: mona.cookie })).status,
    ).toBe(403);
    expect(
      (await api(server.url, `/api/messages/${message.id}`, { method: 'DELETE', cookie: ali.cookie })).status,
    ).toBe(200);
    expect(await gone).toMatchObject({ roomId: 'general', messageId: message.id });
  });
});

describe('a page that reads the room by polling alone', () => {
  beforeEach(() => server.clock.advance(MINUTE));

  it('is told on its next poll what was edited or deleted since the previous one, once', async () => {
    const kept = await post(aliSocket, 'نلتقي عند المكتبة');
    const goner = await post(aliSocket, 'رسالة ستُحذف');
    const since = (query: string) =>
      api(server.url, `/api/messages/room/general/since?sinceId=${goner.id}&fromId=${kept.id}${query}`, {
        cookie: mona.cookie,
      });
    const first = await since('');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const polledAt = first.body.serverTime as number;
    expect(polledAt).toBeLessThanOrEqual(server.clock.now());
    expect(polledAt).toBeGreaterThan(server.clock.now() - MINUTE);

    server.clock.advance(1000);
    expect((await edit(ali, kept.id, 'نلتقي عند الحديقة')).status).toBe(200);
    const removed = await api(server.url, `/api/messages/${goner.id}`, { method: 'DELETE', cookie: ali.cookie });
    expect(removed.status).toBe(200);

    const next = await since(`&changedAfter=${polledAt}`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.edited).toEqual([
      { messageId: kept.id, content: 'نلتقي عند الحديقة', editedAt: expect.any(String) as string },
    ]);
    expect(next.body.deletedIds).toEqual([goner.id]);

    server.clock.advance(1000);
    const after = await since(`&changedAfter=${next.body.serverTime as number}`);
    expect(after.body).toMatchObject({ edited: [], deletedIds: [] });
  });

  it('refuses a changedAfter that is not a time', async () => {
    const res = await api(server.url, '/api/messages/room/general/since?sinceId=1&fromId=1&changedAfter=-5', {
      cookie: mona.cookie,
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });
});

describe('private messages', () => {
  beforeEach(() => server.clock.advance(MINUTE));

  async function sendPrivate(from: SignedInClient, to: SignedInClient, content: string): Promise<Message> {
    const res = await api(server.url, '/api/private-messages/send', {
      cookie: from.cookie,
      body: { receiverId: to.user.id, content },
    });
    expect(res.status).toBe(200);
    return res.body.message as unknown as Message;
  }

  it('its sender edits within 15 minutes and both people see it; nobody else may', async () => {
    const message = await sendPrivate(ali, mona, 'رسالة خاصة');
    const monaSees = nextEnvelope(monaSocket, 'privateMessageEdited', (e) => e.messageId === message.id);
    const aliSees = nextEnvelope(aliSocket, 'privateMessageEdited', (e) => e.messageId === message.id);
    const path = `/api/private-messages/${message.id}`;
    expect(
      (await api(server.url, path, { method: 'PATCH', cookie: mona.cookie, body: { content: 'لا' } })).status,
    ).toBe(403);
    const res = await api(server.url, path, { method: 'PATCH', cookie: ali.cookie, body: { content: 'رسالة معدّلة' } });
    expect(res.status).toBe(200);
    expect(await monaSees).toMatchObject({ content: 'رسالة معدّلة', senderId: ali.user.id, receiverId: mona.user.id });
    await aliSees;
    const page = await api(server.url, `/api/private-messages/${mona.user.id}/${ali.user.id}`, { cookie: mona.cookie });
    const listed = (page.body.messages as Message[]).find((m) => m.id === message.id);
    expect(listed).toMatchObject({ content: 'رسالة معدّلة', editedAt: res.body.editedAt });

    server.clock.advance(16 * MINUTE);
    const late = await api(server.url, path, { method: 'PATCH', cookie: ali.cookie, body: { content: 'متأخر' } });
    expect(late.body.code).toBe('MESSAGE_EDIT_EXPIRED');
    // A room message is not edited through the private route, nor a private one through the room's.
    const roomMessage = await post(aliSocket, 'رسالة عامة');
    expect(
      (
        await api(server.url, `/api/private-messages/${roomMessage.id}`, {
          method: 'PATCH',
          cookie: ali.cookie,
          body: { content: 'x' },
        })
      ).status,
    ).toBe(404);
    const fresh = await sendPrivate(ali, mona, 'خاصة أخرى');
    expect((await edit(ali, fresh.id, 'عبر مسار الغرف')).status).toBe(404);
  });

  it("its sender deletes it: it leaves both people's screens and their history", async () => {
    const message = await sendPrivate(ali, mona, 'سأحذف هذه الخاصة');
    const path = `/api/private-messages/${message.id}`;
    expect((await api(server.url, path, { method: 'DELETE', cookie: mona.cookie })).status).toBe(403);
    const monaSees = nextEnvelope(monaSocket, 'privateMessageDeleted', (e) => e.messageId === message.id);
    expect((await api(server.url, path, { method: 'DELETE', cookie: ali.cookie })).status).toBe(200);
    expect(await monaSees).toMatchObject({ senderId: ali.user.id, receiverId: mona.user.id });
    const page = await api(server.url, `/api/private-messages/${mona.user.id}/${ali.user.id}`, { cookie: mona.cookie });
    expect((page.body.messages as Message[]).some((m) => m.id === message.id)).toBe(false);
    expect((await api(server.url, path, { method: 'DELETE', cookie: ali.cookie })).status).toBe(404);
  });
});

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('edits across two nodes (PostgreSQL + Redis)', () => {
  it('an edit made on node A reaches a screen on node B, and B lists the new text', async () => {
    const nodeA = await startTestServer();
    const nodeB = await startPeerNode(nodeA);
    try {
      const writer = await aMember(nodeA, 'كاتب_ا');
      const reader = await aMember(nodeB, 'قارئ_ب');
      const onA = await connect(nodeA.url, writer.cookie);
      const onB = await connect(nodeB.url, reader.cookie);
      try {
        await joinRoom(onA, 'oman');
        await joinRoom(onB, 'oman');
        const arrived = nextEnvelope(onB, 'newMessage', (e) => e.message.content === 'قبل التعديل', 5000);
        const { message } = (await onA.timeout(3000).emitWithAck('publicMessage', {
          roomId: 'oman',
          content: 'قبل التعديل',
        })) as { message: Message };
        await arrived;
        const edited = nextEnvelope(onB, 'messageEdited', (e) => e.messageId === message.id, 5000);
        const res = await api(nodeA.url, `/api/messages/${message.id}`, {
          method: 'PATCH',
          cookie: writer.cookie,
          body: { content: 'بعد التعديل' },
        });
        expect(res.status).toBe(200);
        expect((await edited).content).toBe('بعد التعديل');
        const latest = await api(nodeB.url, '/api/messages/room/oman/latest', { cookie: reader.cookie });
        expect((latest.body.messages as Message[]).find((m) => m.id === message.id)?.content).toBe('بعد التعديل');

        const removed = nextEnvelope(onB, 'messageDeleted', (e) => e.messageId === message.id, 5000);
        await api(nodeA.url, `/api/messages/${message.id}`, { method: 'DELETE', cookie: writer.cookie });
        await removed;
      } finally {
        onA.close();
        onB.close();
      }
    } finally {
      await nodeB.close();
      await nodeA.close();
    }
  });
});
