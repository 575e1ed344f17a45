import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  recordEnvelopes,
  settled,
  until,
  startPeerNode,
  startTestServer,
  type ClientSocket,
  type TestServer,
} from './testing/test-server';

// Needs the shared PostgreSQL and Redis: a user's tabs on two nodes must hear the same things.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('people features across two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startPeerNode(nodeA);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeB?.close();
    await nodeA?.close();
  });

  it('a friend coming online on one node and leaving it is seen on the other; still online while a tab remains', async () => {
    const [hiba, karim] = await Promise.all([
      enterAsGuest(nodeA.url, 'هبة_الحضور'),
      enterAsGuest(nodeB.url, 'كريم_الحضور'),
    ]);
    await api(nodeA.url, '/api/friends/requests', { body: { userId: karim.user.id }, cookie: hiba.cookie });
    const incoming = (await api(nodeB.url, '/api/friends/requests', { cookie: karim.cookie })).body.incoming as {
      id: number;
    }[];
    await api(nodeB.url, `/api/friends/requests/${incoming[0]!.id}/accept`, { body: {}, cookie: karim.cookie });
    const karimOnB = await connect(nodeB.url, karim.cookie);
    sockets.push(karimOnB);
    const heard = recordEnvelopes(karimOnB);

    const online = nextEnvelope(karimOnB, 'friendPresence', (e) => e.userId === hiba.user.id && e.isOnline, 5000);
    const hibaOnA = await connect(nodeA.url, hiba.cookie);
    await online;
    // A second tab on node B, then the first closes: she is still online, and nobody says otherwise.
    const hibaOnB = await connect(nodeB.url, hiba.cookie);
    const hibaOnAId = hibaOnA.id!;
    hibaOnA.close();
    await until(() => !nodeA.app.io.of('/').sockets.has(hibaOnAId));
    const friends = async () =>
      (await api(nodeB.url, '/api/friends', { cookie: karim.cookie })).body.friends as {
        user: { id: number; isOnline: boolean };
      }[];
    expect((await friends()).find((f) => f.user.id === hiba.user.id)?.user.isOnline).toBe(true);
    const offline = nextEnvelope(karimOnB, 'friendPresence', (e) => e.userId === hiba.user.id && !e.isOnline, 5000);
    hibaOnB.close();
    await offline;
    // Said once, when her last tab went; never when the first did.
    await settled(karimOnB);
    expect(heard.filter((e) => e.type === 'friendPresence' && e.userId === hiba.user.id && !e.isOnline)).toHaveLength(
      1,
    );
  });

  it('notifications, friend events, reactions and ignore reach every tab on both nodes', async () => {
    const [widad, yasin] = await Promise.all([enterAsGuest(nodeA.url, 'وداد'), enterAsGuest(nodeB.url, 'ياسين')]);
    const widadOnA = await connect(nodeA.url, widad.cookie);
    const widadOnB = await connect(nodeB.url, widad.cookie);
    const yasinOnB = await connect(nodeB.url, yasin.cookie);
    sockets.push(widadOnA, widadOnB, yasinOnB);

    // A friend request made on node B reaches her tabs on both nodes, with its notification.
    const onA = nextEnvelope(widadOnA, 'friendRequestReceived', () => true, 5000);
    const onB = nextEnvelope(widadOnB, 'friendRequestReceived', () => true, 5000);
    const notifiedA = nextEvent(widadOnA, 'newNotification', () => true, 5000);
    const notifiedB = nextEvent(widadOnB, 'newNotification', () => true, 5000);
    await api(nodeB.url, '/api/friends/requests', { body: { userId: widad.user.id }, cookie: yasin.cookie });
    const [requestA] = await Promise.all([onA, onB]);
    expect((await notifiedA).notification.type).toBe('friendRequest');
    expect((await notifiedB).unreadCount).toBe(1);

    // Accepted on node A: he hears it on node B.
    const added = nextEnvelope(yasinOnB, 'friendAdded', () => true, 5000);
    await api(nodeA.url, `/api/friends/requests/${requestA.request.id}/accept`, { body: {}, cookie: widad.cookie });
    expect((await added).friend.user.id).toBe(widad.user.id);

    // Read on node A: the badge clears on node B.
    const read = nextEnvelope(widadOnB, 'notificationRead', () => true, 5000);
    await api(nodeA.url, '/api/notifications/read-all', { body: {}, cookie: widad.cookie });
    expect((await read).unreadCount).toBe(0);

    // A heart given on node B updates the count on node A.
    await Promise.all([joinRoom(widadOnA, 'oman'), joinRoom(yasinOnB, 'oman')]);
    const sent = await widadOnA.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'سلام' });
    if (!sent.ok) throw new Error(sent.code);
    const heart = nextEnvelope(widadOnA, 'reactionUpdated', () => true, 5000);
    await api(nodeB.url, `/api/messages/${sent.message.id}/reaction`, {
      body: { type: 'heart' },
      cookie: yasin.cookie,
    });
    expect((await heart).reactions.heart).toBe(1);

    // Ignoring on node B filters her socket on node A too.
    // Her tab on node A is told once it has joined the filter channel (the same stream, in order).
    const filtering = nextEnvelope(widadOnA, 'ignoreChanged', (e) => e.ignoring, 5000);
    await api(nodeB.url, `/api/users/${widad.user.id}/ignore/${yasin.user.id}`, { body: {}, cookie: widad.cookie });
    await filtering;
    const seen = recordEnvelopes(widadOnA);
    await yasinOnB.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'هل تريني؟' });
    // Her own next message, sent after his through the same stream, reaches her after his would have.
    await joinRoom(widadOnB, 'oman');
    const own = nextEnvelope(widadOnA, 'newMessage', (e) => e.message.content === 'أنا هنا', 5000);
    await widadOnB.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'أنا هنا' });
    await own;
    expect(
      seen.filter((e) => e.type === 'newMessage').map((e) => e.type === 'newMessage' && e.message.content),
    ).toEqual(['أنا هنا']);
  });
});
