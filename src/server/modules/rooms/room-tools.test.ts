import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorText } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import type { Room } from '../../../shared/entities/room';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEvent,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let staff: SignedInClient;
let member: SignedInClient;
let staffSocket: ClientSocket;
let memberSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [staff, member] = await Promise.all([aMember(server, 'كريم_غ', 'moderator'), aMember(server, 'هند_غ')]);
  [staffSocket, memberSocket] = await Promise.all([
    connect(server.url, staff.cookie),
    connect(server.url, member.cookie),
  ]);
  await Promise.all([joinRoom(staffSocket, 'general'), joinRoom(memberSocket, 'general')]);
});

afterAll(async () => {
  for (const socket of [staffSocket, memberSocket]) socket?.close();
  await server?.close();
});

async function post(socket: ClientSocket, content: string, roomId = 'general') {
  return socket.timeout(3000).emitWithAck('publicMessage', { roomId, content } as never) as Promise<
    { ok: true; message: Message } | { ok: false; code: string; message: string; timeLeft?: number }
  >;
}

async function postOk(socket: ClientSocket, content: string): Promise<Message> {
  const reply = await post(socket, content);
  if (!reply.ok) throw new Error(JSON.stringify(reply));
  return reply.message;
}

const roomChanged = (socket: ClientSocket, match: (room: Room) => boolean) =>
  nextEvent(
    socket,
    'roomUpdate',
    (u) => u.type === 'roomChanged' && u.roomId === 'general' && match(u.room),
  ) as Promise<{ type: 'roomChanged'; roomId: string; room: Room }>;

function pinPath(messageId: number, roomId = 'general') {
  return `/api/rooms/${roomId}/pins/${messageId}`;
}

describe('pinned messages', () => {
  beforeEach(() => server.clock.advance(60_000));

  it('staff pin up to 3; everyone in the room gets the pins live; a 4th is refused; unpinning frees a place', async () => {
    const messages: Message[] = [];
    for (const text of ['أولى', 'ثانية', 'ثالثة', 'رابعة']) {
      messages.push(await postOk(memberSocket, text));
      server.clock.advance(11_000);
    }
    const seen = roomChanged(memberSocket, (room) => room.pins.some((p) => p.id === messages[0]!.id));
    const first = await api(server.url, pinPath(messages[0]!.id), { method: 'POST', cookie: staff.cookie });
    expect(first.status).toBe(200);
    expect((await seen).room.pins).toEqual([
      { id: messages[0]!.id, senderId: member.user.id, senderName: 'هند_غ', excerpt: 'أولى' },
    ]);
    for (const message of messages.slice(1, 3))
      expect((await api(server.url, pinPath(message.id), { method: 'POST', cookie: staff.cookie })).status).toBe(200);
    const full = await api(server.url, pinPath(messages[3]!.id), { method: 'POST', cookie: staff.cookie });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ERROR_MESSAGES.PINS_FULL);

    const unpinned = roomChanged(memberSocket, (room) => !room.pins.some((p) => p.id === messages[1]!.id));
    expect((await api(server.url, pinPath(messages[1]!.id), { method: 'DELETE', cookie: staff.cookie })).status).toBe(
      200,
    );
    expect((await unpinned).room.pins.map((p) => p.id)).toEqual([messages[0]!.id, messages[2]!.id]);
    expect((await api(server.url, pinPath(messages[3]!.id), { method: 'POST', cookie: staff.cookie })).status).toBe(
      200,
    );

    // Deleting a pinned message unpins it; editing it changes what the pin shows.
    const gone = roomChanged(memberSocket, (room) => !room.pins.some((p) => p.id === messages[3]!.id));
    await api(server.url, `/api/messages/${messages[3]!.id}`, { method: 'DELETE', cookie: member.cookie });
    await gone;
    const edited = roomChanged(memberSocket, (room) => room.pins.some((p) => p.excerpt === 'أولى معدّلة'));
    await api(server.url, `/api/messages/${messages[0]!.id}`, {
      method: 'PATCH',
      cookie: member.cookie,
      body: { content: 'أولى معدّلة' },
    });
    await edited;
    const listed = (await api(server.url, '/api/rooms')).body.rooms as Room[];
    expect(listed.find((r) => r.id === 'general')?.pins.map((p) => p.excerpt)).toEqual(['أولى معدّلة', 'ثالثة']);

    for (const message of messages)
      await api(server.url, pinPath(message.id), { method: 'DELETE', cookie: staff.cookie });
  });

  it('only staff pin; a message of another room or a private one is refused', async () => {
    const message = await postOk(memberSocket, 'لا تثبّتها');
    const refused = await api(server.url, pinPath(message.id), { method: 'POST', cookie: member.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
    expect((await api(server.url, pinPath(message.id), { method: 'DELETE', cookie: member.cookie })).status).toBe(403);
    const elsewhere = await api(server.url, pinPath(message.id, 'egypt'), { method: 'POST', cookie: staff.cookie });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('MESSAGE_NOT_IN_ROOM');
    const pm = await api(server.url, '/api/private-messages/send', {
      cookie: member.cookie,
      body: { receiverId: staff.user.id, content: 'خاصة' },
    });
    const privateId = (pm.body.message as Message).id;
    expect((await api(server.url, pinPath(privateId), { method: 'POST', cookie: staff.cookie })).status).toBe(400);
    expect((await api(server.url, pinPath(99_999_999), { method: 'POST', cookie: staff.cookie })).status).toBe(404);
  });
});

describe('announcement and welcome', () => {
  it('staff set them (at most 500 characters); the room hears them live; others may not', async () => {
    const live = roomChanged(memberSocket, (room) => room.announcement === 'اجتماع الأعضاء مساء الخميس');
    const set = await api(server.url, '/api/rooms/general/announcement', {
      method: 'PUT',
      cookie: staff.cookie,
      body: { text: '  اجتماع الأعضاء مساء الخميس  ' },
    });
    expect(set.status).toBe(200);
    expect((set.body.room as Room).announcement).toBe('اجتماع الأعضاء مساء الخميس');
    await live;

    const tooLong = await api(server.url, '/api/rooms/general/announcement', {
      method: 'PUT',
      cookie: staff.cookie,
      body: { text: 'ا'.repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(ERROR_MESSAGES.ROOM_TEXT_TOO_LONG);
    for (const path of ['announcement', 'welcome']) {
      const refused = await api(server.url, `/api/rooms/general/${path}`, {
        method: 'PUT',
        cookie: member.cookie,
        body: { text: 'ليس لي' },
      });
      expect(refused.status, path).toBe(403);
    }

    const welcome = roomChanged(memberSocket, (room) => room.welcome === 'أهلاً {name} في الغرفة العامة');
    expect(
      (
        await api(server.url, '/api/rooms/general/welcome', {
          method: 'PUT',
          cookie: staff.cookie,
          body: { text: 'أهلاً {name} في الغرفة العامة' },
        })
      ).status,
    ).toBe(200);
    await welcome;
    // Whoever enters is shown the room with its welcome and announcement.
    const guest = await enterAsGuest(server.url, 'زائر_غ');
    const socket = await connect(server.url, guest.cookie);
    try {
      const joined = nextEvent(socket, 'message', (e) => e.type === 'roomJoined');
      await joinRoom(socket, 'general');
      const envelope = (await joined) as { room: Room };
      expect(envelope.room).toMatchObject({
        welcome: 'أهلاً {name} في الغرفة العامة',
        announcement: 'اجتماع الأعضاء مساء الخميس',
      });
    } finally {
      socket.close();
    }
    for (const path of ['announcement', 'welcome'])
      await api(server.url, `/api/rooms/general/${path}`, { method: 'PUT', cookie: staff.cookie, body: { text: '' } });
  });
});

describe('slow mode', () => {
  beforeEach(() => server.clock.advance(60_000));

  it('staff set 0..300 seconds; a non-staff person may send one message per period, over socket and HTTP', async () => {
    for (const seconds of [-1, 301, 2.5]) {
      const bad = await api(server.url, '/api/rooms/general/slow-mode', {
        method: 'PUT',
        cookie: staff.cookie,
        body: { seconds },
      });
      expect(bad.status, String(seconds)).toBe(400);
    }
    expect(
      (
        await api(server.url, '/api/rooms/general/slow-mode', {
          method: 'PUT',
          cookie: member.cookie,
          body: { seconds: 5 },
        })
      ).status,
    ).toBe(403);
    const live = roomChanged(memberSocket, (room) => room.slowModeSeconds === 30);
    const set = await api(server.url, '/api/rooms/general/slow-mode', {
      method: 'PUT',
      cookie: staff.cookie,
      body: { seconds: 30 },
    });
    expect(set.status).toBe(200);
    await live;
    try {
      await postOk(memberSocket, 'رسالة أولى في الوضع البطيء');
      server.clock.advance(10_000);
      const refused = await post(memberSocket, 'مبكرة جداً');
      expect(refused).toMatchObject({ ok: false, code: 'SLOW_MODE', timeLeft: 20 });
      expect((refused as { message: string }).message).toBe(errorText('SLOW_MODE', 20));
      expect(errorText('SLOW_MODE', 20)).toBe('هذه الغرفة في الوضع البطيء؛ أعد المحاولة بعد 20 ثانية');

      // The queued (HTTP) way counts the same turn.
      const queued = await api(server.url, '/api/messages/room/general', {
        cookie: member.cookie,
        body: { content: 'عبر HTTP' },
      });
      expect(queued.status).toBe(429);
      expect(queued.body.code).toBe('SLOW_MODE');

      // Staff are not held to it.
      await postOk(staffSocket, 'من المشرف');
      await postOk(staffSocket, 'ومرة أخرى');

      server.clock.advance(20_000);
      expect((await post(memberSocket, 'بعد انتهاء المدة')).ok).toBe(true);
      server.clock.advance(29_000);
      expect(await post(memberSocket, 'قبلها بثانية')).toMatchObject({ ok: false, code: 'SLOW_MODE', timeLeft: 1 });
    } finally {
      await api(server.url, '/api/rooms/general/slow-mode', {
        method: 'PUT',
        cookie: staff.cookie,
        body: { seconds: 0 },
      });
    }
    server.clock.advance(1000);
    await postOk(memberSocket, 'بلا وضع بطيء');
    await postOk(memberSocket, 'وأخرى فوراً');
  });
});

const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('room tools across two nodes (PostgreSQL + Redis)', () => {
  it('a pin and an announcement made on A reach B live; slow mode counts a turn taken on A when sending on B', async () => {
    const nodeA = await startTestServer();
    const nodeB = await startPeerNode(nodeA);
    try {
      const moderator = await aMember(nodeA, 'مراقب_ا', 'moderator');
      const writer = await aMember(nodeA, 'كاتب_ب');
      const onA = await connect(nodeA.url, writer.cookie);
      const onB = await connect(nodeB.url, writer.cookie);
      try {
        await joinRoom(onA, 'oman');
        await joinRoom(onB, 'oman');
        const slow = nextEvent(
          onB,
          'roomUpdate',
          (u) => u.type === 'roomChanged' && u.room.slowModeSeconds === 60,
          5000,
        );
        await api(nodeA.url, '/api/rooms/oman/slow-mode', {
          method: 'PUT',
          cookie: moderator.cookie,
          body: { seconds: 60 },
        });
        await slow;
        const { message } = (await onA.timeout(3000).emitWithAck('publicMessage', {
          roomId: 'oman',
          content: 'من العقدة أ',
        })) as { message: Message };
        const onBReply = await onB
          .timeout(3000)
          .emitWithAck('publicMessage', { roomId: 'oman', content: 'من العقدة ب' });
        expect(onBReply).toMatchObject({ ok: false, code: 'SLOW_MODE' });

        const pinned = nextEvent(onB, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.pins.length === 1, 5000);
        await api(nodeA.url, `/api/rooms/oman/pins/${message.id}`, { method: 'POST', cookie: moderator.cookie });
        expect(await pinned).toMatchObject({ type: 'roomChanged', roomId: 'oman' });
        const announced = nextEvent(
          onB,
          'roomUpdate',
          (u) => u.type === 'roomChanged' && u.room.announcement === 'إعلان من أ',
          5000,
        );
        await api(nodeA.url, '/api/rooms/oman/announcement', {
          method: 'PUT',
          cookie: moderator.cookie,
          body: { text: 'إعلان من أ' },
        });
        await announced;
        const listed = (await api(nodeB.url, '/api/rooms')).body.rooms as Room[];
        expect(listed.find((r) => r.id === 'oman')).toMatchObject({ announcement: 'إعلان من أ', slowModeSeconds: 60 });
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
