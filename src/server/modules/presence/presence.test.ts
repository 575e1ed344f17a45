import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  serverSockets,
  settled,
  until,
  startTestServer,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('presence', () => {
  it('lists a user with two tabs once and marks them offline only when the last tab goes', async () => {
    const [hala, sami] = await Promise.all([
      enterAsGuest(server.url, 'هالة', { gender: 'أنثى' }),
      enterAsGuest(server.url, 'سامي'),
    ]);
    const samiSocket = await connect(server.url, sami.cookie);
    await joinRoom(samiSocket, 'syria');
    const samiSaw = recordEnvelopes(samiSocket);

    const tab1 = await connect(server.url, hala.cookie);
    const tab2 = await connect(server.url, hala.cookie);
    const connected = nextEnvelope(samiSocket, 'userConnected', (e) => e.user.id === hala.user.id);
    await joinRoom(tab1, 'syria');
    expect((await connected).user).toMatchObject({
      id: hala.user.id,
      username: 'هالة',
      gender: 'أنثى',
      userType: 'guest',
      role: 'guest',
    });
    const online = nextEnvelope(tab2, 'onlineUsers');
    await joinRoom(tab2, 'syria');
    const list = (await online).users;
    expect(list.filter((u) => u.id === hala.user.id)).toHaveLength(1);
    expect(list.map((u) => u.username).sort()).toEqual(['سامي', 'هالة'].sort());
    expect(samiSaw.filter((e) => e.type === 'userConnected')).toHaveLength(1);

    const profile = async () =>
      (await api(server.url, `/api/users/${hala.user.id}`, { cookie: sami.cookie })).body.user as { isOnline: boolean };
    expect((await profile()).isOnline).toBe(true);
    expect((await api(server.url, '/api/rooms')).body.rooms).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'syria', userCount: 2 })]),
    );

    const tab1Id = tab1.id!;
    tab1.close();
    await until(() => !server.app.io.of('/').sockets.has(tab1Id));
    await settled(samiSocket);
    expect(samiSaw.some((e) => e.type === 'userDisconnected')).toBe(false);
    expect((await profile()).isOnline).toBe(true);

    const disconnected = nextEnvelope(samiSocket, 'userDisconnected', (e) => e.userId === hala.user.id);
    tab2.close();
    expect(await disconnected).toMatchObject({ roomId: 'syria', userId: hala.user.id, username: 'هالة' });
    await expect.poll(async () => (await profile()).isOnline).toBe(false);
    samiSocket.close();
  });

  it('gathers a burst of arrivals and departures into one broadcast each', async () => {
    const watcher = await enterAsGuest(server.url, 'حارس البوابة');
    const watcherSocket = await connect(server.url, watcher.cookie);
    await joinRoom(watcherSocket, 'sudan');
    const seen = recordEnvelopes(watcherSocket);
    const crowd = await Promise.all(Array.from({ length: 6 }, (_, i) => enterAsGuest(server.url, `ضيف ${i}`)));
    const sockets = await Promise.all(crowd.map((guest) => connect(server.url, guest.cookie)));
    await Promise.all(sockets.map((socket) => joinRoom(socket, 'sudan')));
    // Every arrival was counted before its join was answered; the window still open is flushed.
    await server.clock.advance(250);
    await settled(watcherSocket);
    const single = seen.filter((e) => e.type === 'userConnected');
    const batches = seen.flatMap((e) => (e.type === 'usersConnected' ? [e.users] : []));
    // Everyone is announced exactly once, the first at once and the rest together.
    expect(single.length + batches.flat().length).toBe(6);
    expect(batches.length).toBeGreaterThanOrEqual(1);
    expect(new Set([...single.map((e) => e.user.id), ...batches.flat().map((u) => u.id)])).toEqual(
      new Set(crowd.map((g) => g.user.id)),
    );

    for (const socket of sockets) socket.close();
    const gone = () =>
      new Set([
        ...seen.flatMap((e) => (e.type === 'userDisconnected' ? [e.userId] : [])),
        ...seen.flatMap((e) => (e.type === 'usersDisconnected' ? e.users.map((u) => u.id) : [])),
      ]);
    await until(() => gone().size === crowd.length);
    expect(gone()).toEqual(new Set(crowd.map((g) => g.user.id)));
    expect(seen.some((e) => e.type === 'usersDisconnected')).toBe(true);
    watcherSocket.close();
  });

  it('remembers the room each user is in', async () => {
    const traveller = await enterAsGuest(server.url, 'رحالة');
    const socket = await connect(server.url, traveller.cookie);
    await joinRoom(socket, 'morocco');
    // Current rooms are written together every 2 s, not once per join.
    const currentRoom = async () =>
      (await api(server.url, `/api/users/${traveller.user.id}`, { cookie: traveller.cookie })).body.user as {
        currentRoom: string | null;
      };
    expect((await currentRoom()).currentRoom).toBeNull();
    await server.clock.advance(2000);
    await until(async () => (await currentRoom()).currentRoom === 'morocco');
    socket.close();
  });

  it('rides out a reload within the grace period without announcing a leave', async () => {
    const graceful = await startTestServer({ presenceGraceMs: 4000 });
    try {
      const [a, b] = await Promise.all([enterAsGuest(graceful.url, 'يوسف'), enterAsGuest(graceful.url, 'زينب')]);
      const watcher = await connect(graceful.url, b.cookie);
      await joinRoom(watcher, 'kuwait');
      const seen = recordEnvelopes(watcher);
      const first = await connect(graceful.url, a.cookie);
      await joinRoom(first, 'kuwait');
      await nextEnvelope(watcher, 'userConnected');
      first.close();
      await until(() => serverSockets(graceful) === 1);
      await graceful.clock.advance(1000);
      const second = await connect(graceful.url, a.cookie);
      await joinRoom(second, 'kuwait');
      // Well past the grace period: the reload was never announced.
      await graceful.clock.advance(10_000);
      await settled(watcher);
      expect(seen.filter((e) => e.type === 'userConnected')).toHaveLength(1);
      expect(seen.some((e) => e.type === 'userDisconnected')).toBe(false);

      const left = nextEnvelope(watcher, 'userDisconnected');
      second.close();
      await until(() => serverSockets(graceful) === 1);
      await settled(watcher);
      expect(seen.some((e) => e.type === 'userDisconnected')).toBe(false);
      await graceful.clock.advance(4000);
      await left;
      watcher.close();
    } finally {
      await graceful.close();
    }
  });
});
