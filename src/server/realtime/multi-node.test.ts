import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../shared/entities/room';
import {
  aMember,
  api,
  connect,
  cookieFrom,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  startTestServer,
  type TestServer,
} from '../testing/test-server';
import { ERROR_MESSAGES } from '../../shared/api/errors';

// Two processes behind a load balancer must act as one site: this needs the shared PostgreSQL and Redis.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('two nodes sharing PostgreSQL and Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startTestServer({
      databaseUrl: nodeA.config.databaseUrl,
      redisPrefix: nodeA.config.redisPrefix,
      sessionSecret: nodeA.config.sessionSecret,
    });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('deliver messages, presence and counts across nodes', async () => {
    const [ali, huda] = await Promise.all([enterAsGuest(nodeA.url, 'علي'), enterAsGuest(nodeB.url, 'هدى')]);
    // A name online on one node is taken on the other too.
    expect((await api(nodeB.url, '/api/auth/guest', { body: { username: 'علي' } })).status).toBe(409);

    const onA = await connect(nodeA.url, ali.cookie);
    const onB = await connect(nodeB.url, huda.cookie);
    await joinRoom(onA, 'tunisia');
    const seen = nextEnvelope(onA, 'userConnected', (e) => e.user.id === huda.user.id, 5000);
    const listed = nextEnvelope(onB, 'onlineUsers', () => true, 5000);
    await joinRoom(onB, 'tunisia');
    await seen;
    expect((await listed).users.map((u) => u.username).sort()).toEqual(['علي', 'هدى'].sort());

    const arrives = nextEnvelope(onB, 'newMessage', (e) => e.message.content === 'من العقدة الأولى', 5000);
    onA.emit('publicMessage', { roomId: 'tunisia', content: 'من العقدة الأولى' });
    expect((await arrives).message.sender?.username).toBe('علي');

    const rooms = (await api(nodeB.url, '/api/rooms')).body.rooms as Room[];
    expect(rooms.find((r) => r.id === 'tunisia')?.userCount).toBe(2);

    // The same user on both nodes is one entry, and leaves only when the last tab goes.
    const aliOnB = await connect(nodeB.url, ali.cookie);
    await joinRoom(aliOnB, 'tunisia');
    const left = nextEnvelope(onB, 'userDisconnected', (e) => e.userId === ali.user.id, 5000);
    const count = nextEvent(
      onB,
      'roomUpdate',
      (u) => u.type === 'userCountUpdate' && u.roomId === 'tunisia' && u.userCount === 1,
      5000,
    );
    onA.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(((await api(nodeA.url, '/api/rooms')).body.rooms as Room[]).find((r) => r.id === 'tunisia')?.userCount).toBe(
      2,
    );
    aliOnB.close();
    await left;
    await count;
    onB.close();
  });

  it('carry a change made over HTTP on one node to users on the other, and the next check uses it', async () => {
    const owner = await aMember(nodeA, 'صاحبة المكان', 'owner');
    const [nour, karim] = await Promise.all([aMember(nodeA, 'نور'), aMember(nodeA, 'كريم')]);
    const [nourOnB, karimOnB] = await Promise.all([connect(nodeB.url, nour.cookie), connect(nodeB.url, karim.cookie)]);
    await joinRoom(karimOnB, 'general');
    const put = (path: string, body: unknown, cookie = owner.cookie) =>
      api(nodeA.url, path, { method: 'PUT', body, cookie });

    // A lock made on A refuses entry on B as soon as B's users hear of it.
    const lockSeen = nextEvent(nourOnB, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.isLocked, 5000);
    expect((await put('/api/rooms/jordan/lock', { isLocked: true })).status).toBe(200);
    await lockSeen;
    expect(await nourOnB.timeout(3000).emitWithAck('joinRoom', { roomId: 'jordan' })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });

    // A promotion made on A: her socket on B is staff for the very next check.
    const promoted = nextEnvelope(nourOnB, 'userUpdated', (e) => e.user.role === 'moderator', 5000);
    expect((await put(`/api/users/${nour.user.id}/role`, { role: 'moderator' })).status).toBe(200);
    await promoted;
    await nodeB.clock.advance(1000);
    await joinRoom(nourOnB, 'jordan');

    // A chat lock made on A is enforced on B's very next post.
    const chatLockSeen = nextEvent(karimOnB, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.chatLockAll, 5000);
    expect((await put('/api/rooms/general/chat-lock', { chatLockAll: true })).status).toBe(200);
    await chatLockSeen;
    expect(
      await karimOnB.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'مرحبا' }),
    ).toMatchObject({
      ok: false,
      code: 'CHAT_LOCKED',
      message: ERROR_MESSAGES.CHAT_LOCKED,
    });
    await put('/api/rooms/general/chat-lock', { chatLockAll: false });
    await put('/api/rooms/jordan/lock', { isLocked: false });

    // Logging out on A closes the session's sockets on B.
    const closed = new Promise((resolve) => karimOnB.once('disconnect', resolve));
    expect((await api(nodeA.url, '/api/auth/logout', { method: 'POST', cookie: karim.cookie })).status).toBe(200);
    await closed;
    nourOnB.close();
  });

  it("count a user's sockets across nodes", async () => {
    const many = await aMember(nodeA, 'نوافذ كثيرة');
    const sockets = await Promise.all(
      Array.from({ length: 10 }, (_, i) => connect(i % 2 ? nodeA.url : nodeB.url, many.cookie)),
    );
    for (const url of [nodeA.url, nodeB.url]) {
      const refused = await connect(url, many.cookie).then(
        () => null,
        (error: Error & { data?: { code?: string } }) => error.data?.code,
      );
      expect(refused).toBe('TOO_MANY_CONNECTIONS');
    }
    for (const socket of sockets) socket.close();
  });

  it('carry a kick made on one node to the other, and keep it through a restart', async () => {
    const moderator = await aMember(nodeA, 'حارس الليل', 'moderator');
    const target = await api(nodeA.url, '/api/auth/guest', {
      body: { username: 'مطرود عابر' },
      headers: { 'x-device-id': 'multi-node-device-1' },
    });
    const cookie = cookieFrom(target.headers);
    const targetId = (target.body.user as { id: number }).id;
    const onB = await connect(nodeB.url, cookie, { deviceId: 'multi-node-device-1' });
    const kicked = nextEvent(onB, 'kicked', () => true, 5000);
    const gone = new Promise((resolve) => onB.once('disconnect', resolve));
    const res = await api(nodeA.url, '/api/moderation/kick', {
      body: { targetId, durationMinutes: 30 },
      cookie: moderator.cookie,
    });
    expect(res.status).toBe(200);
    expect(await kicked).toMatchObject({ moderator: moderator.user.username, duration: 30 });
    await gone;

    // Node B refuses the device too, and so does a node started afresh on the same database.
    const onBAgain = await api(nodeB.url, '/api/auth/guest', {
      body: { username: 'اسم آخر' },
      headers: { 'x-device-id': 'multi-node-device-1' },
    });
    expect([onBAgain.status, onBAgain.body.code]).toEqual([403, 'BANNED']);
    const restarted = await startTestServer({
      databaseUrl: nodeA.config.databaseUrl,
      redisPrefix: nodeA.config.redisPrefix,
      sessionSecret: nodeA.config.sessionSecret,
    });
    try {
      const afterRestart = await api(restarted.url, '/api/auth/guest', {
        body: { username: 'بعد الإقلاع' },
        headers: { 'x-device-id': 'multi-node-device-1' },
      });
      expect([afterRestart.status, afterRestart.body.code]).toEqual([403, 'BANNED']);
    } finally {
      await restarted.close();
    }
  });
});
