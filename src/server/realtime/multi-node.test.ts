import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../shared/entities/room';
import {
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  startTestServer,
  type TestServer,
} from '../testing/test-server';

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
});
