import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../../shared/entities/room';
import {
  aMember,
  api,
  connect,
  joinRoom,
  nextEvent,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

// Two processes behind a load balancer share PostgreSQL and Redis.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const ROOM = 'broadcast';

describe.runIf(shared)('voice rooms on two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  const voice = {
    ice: { servers: [], turnSecret: undefined, turnTtlSeconds: 3600 },
    limits: { maxSpeakers: 2, turnSeconds: 0 },
  };

  beforeAll(async () => {
    nodeA = await startTestServer({ voice });
    nodeB = await startPeerNode(nodeA, { voice });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  async function inVoice(node: TestServer, who: SignedInClient): Promise<ClientSocket> {
    const socket = await connect(node.url, who.cookie);
    await joinRoom(socket, ROOM);
    const reply = await socket.timeout(5000).emitWithAck('voiceJoin', { roomId: ROOM });
    if (!reply.ok) throw new Error(`voiceJoin failed: ${reply.code}`);
    return socket;
  }
  const call = (node: TestServer, who: SignedInClient, method: string, path: string, body?: unknown) =>
    api(node.url, path, { method, cookie: who.cookie, ...(body === undefined ? {} : { body }) });

  it('never exceed the speaker limit when two approvals race on two nodes', async () => {
    const owner = await aMember(nodeA, 'مالكة', 'owner');
    const [host, x, y] = await Promise.all([aMember(nodeA, 'مضيف'), aMember(nodeA, 'سين'), aMember(nodeA, 'صاد')]);
    expect((await call(nodeA, owner, 'PUT', `/api/rooms/${ROOM}/host`, { userId: host.user.id })).status).toBe(200);
    const sockets = [await inVoice(nodeA, host), await inVoice(nodeA, x), await inVoice(nodeB, y)];
    expect((await call(nodeB, host, 'POST', `/api/rooms/${ROOM}/mic/request`)).status).toBe(200);

    for (let round = 0; round < 6; round++) {
      await call(nodeA, x, 'POST', `/api/rooms/${ROOM}/mic/request`);
      await call(nodeB, y, 'POST', `/api/rooms/${ROOM}/mic/request`);
      // What a listener on node B hears: once it has, node B's own list is fresh too (the
      // invalidation travels ahead of the broadcast in the adapter's stream).
      const heardOnB = nextEvent(
        sockets[2] as ClientSocket,
        'roomUpdate',
        (e) => e.type === 'roomChanged' && e.roomId === ROOM && e.room.speakers.length === 2,
        5000,
      );
      const [onA, onB] = await Promise.all([
        call(nodeA, host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: x.user.id }),
        call(nodeB, host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: y.user.id }),
      ]);
      expect([onA.status, onB.status].sort()).toEqual([200, 409]);
      await heardOnB;
      const rooms = (await api(nodeB.url, '/api/rooms')).body.rooms as Room[];
      const room = rooms.find((r) => r.id === ROOM) as Room;
      expect(room.speakers).toHaveLength(2);
      const winner = onA.status === 200 ? x : y;
      const loser = winner === x ? y : x;
      expect(room.speakers).toEqual([host.user.id, winner.user.id]);
      expect(room.micQueue).toEqual([loser.user.id]);
      // Back to the audience for the next round.
      expect((await call(nodeA, host, 'DELETE', `/api/rooms/${ROOM}/speakers/${winner.user.id}`)).status).toBe(200);
      expect((await call(nodeB, loser, 'DELETE', `/api/rooms/${ROOM}/mic/request`)).status).toBe(200);
    }
    for (const socket of sockets) socket.close();
  });

  it('relay signals across nodes and clean up a speaker whose socket on the other node drops', async () => {
    const owner = await aMember(nodeA, 'مالك', 'owner');
    const [host, guestSpeaker] = await Promise.all([aMember(nodeA, 'مضيفة'), aMember(nodeA, 'متحدث')]);
    await call(nodeA, owner, 'PUT', `/api/rooms/${ROOM}/host`, { userId: host.user.id });
    const hostSocket = await inVoice(nodeA, host);
    const speakerSocket = await inVoice(nodeB, guestSpeaker);

    const asked = nextEvent(hostSocket, 'micRequested', (e) => e.userId === guestSpeaker.user.id, 5000);
    await call(nodeB, guestSpeaker, 'POST', `/api/rooms/${ROOM}/mic/request`);
    await asked;
    const approved = nextEvent(speakerSocket, 'micApproved', (e) => e.userId === guestSpeaker.user.id, 5000);
    expect(
      (await call(nodeA, host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: guestSpeaker.user.id })).status,
    ).toBe(200);
    await approved;

    const offer = nextEvent(hostSocket, 'webrtc-offer', () => true, 5000);
    speakerSocket.emit('webrtc-offer', {
      roomId: ROOM,
      targetUserId: host.user.id,
      senderId: host.user.id,
      sdp: 'v=0',
    });
    expect(await offer).toEqual({ roomId: ROOM, senderId: guestSpeaker.user.id, sdp: 'v=0' });

    const removed = nextEvent(hostSocket, 'speakerRemoved', (e) => e.userId === guestSpeaker.user.id, 5000);
    speakerSocket.close();
    expect((await removed).reason).toBe('left');
    const room = ((await api(nodeA.url, '/api/rooms')).body.rooms as Room[]).find((r) => r.id === ROOM) as Room;
    expect(room.speakers).not.toContain(guestSpeaker.user.id);
    hostSocket.close();
  });
});
