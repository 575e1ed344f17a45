import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageEnvelope } from '../../../shared/realtime/protocol';
import {
  connect,
  enterAsGuest,
  handled,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  settled,
  startPeerNode,
  startTestServer,
  until,
  type ClientSocket,
  type TestServer,
} from '../../testing/test-server';

/** A page of 3: a room of 4 or more is big (the real page is 100). */
const PAGE = 3;

type Envelope<T extends MessageEnvelope['type']> = Extract<MessageEnvelope, { type: T }>;
const ofType = <T extends MessageEnvelope['type']>(seen: MessageEnvelope[], type: T) =>
  seen.filter((e): e is Envelope<T> => e.type === type);

/** `count` guests on `server`, each with a socket in `roomId` (joined one after another). */
async function crowd(server: TestServer, roomId: string, names: string[]): Promise<ClientSocket[]> {
  const guests = await Promise.all(names.map((name) => enterAsGuest(server.url, name)));
  const sockets = await Promise.all(guests.map((guest) => connect(server.url, guest.cookie)));
  for (const socket of sockets) await joinRoom(socket, roomId);
  return sockets;
}

describe('a big room', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ presencePageSize: PAGE });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a joiner the first page of the online list and the total, and the rest page by page', async () => {
    const present = await crowd(server, 'iraq', ['أمل', 'بشير', 'جود', 'دانة']);
    const [joiner] = await crowd(server, 'egypt', ['هادي']);
    const online = nextEnvelope(joiner!, 'onlineUsers', (e) => e.roomId === 'iraq');
    await server.clock.advance(2000); // the join throttle
    await joinRoom(joiner!, 'iraq');
    const first = await online;
    // One page, not everyone: the count says how many there are.
    expect(first.users).toHaveLength(PAGE);
    expect(first).toMatchObject({ total: 5, hasMore: true });

    const second = (await handled(joiner!, 'onlineUsersLoad', { roomId: 'iraq', offset: PAGE })) as {
      ok: boolean;
      users: { id: number }[];
      total: number;
      hasMore: boolean;
    };
    expect(second).toMatchObject({ ok: true, roomId: 'iraq', total: 5, hasMore: false });
    expect(second.users).toHaveLength(2);
    const ids = new Set([...first.users, ...second.users].map((u) => u.id));
    expect(ids.size).toBe(5);

    // Only the room one is in can be listed.
    const outside = (await handled(joiner!, 'onlineUsersLoad', { roomId: 'egypt', offset: 0 })) as {
      ok: boolean;
      code?: string;
    };
    expect(outside).toMatchObject({ ok: false, code: 'ROOM_NOT_JOINED' });
    // A bad page is refused with a clear error, not a crash.
    const bad = (await handled(joiner!, 'onlineUsersLoad', { roomId: 'iraq', offset: -1 } as never)) as {
      ok: boolean;
    };
    expect(bad.ok).toBe(false);

    for (const socket of [...present, joiner!]) socket.close();
  });

  it('keeps the whole list and the spec events for a room of a page or less', async () => {
    const [first, second] = await crowd(server, 'qatar', ['سارة', 'ريم']);
    const seen = recordEnvelopes(first!);
    const guest = await enterAsGuest(server.url, 'لينا');
    const third = await connect(server.url, guest.cookie);
    const listed = nextEnvelope(third, 'onlineUsers');
    // Arrivals within one 250 ms window come together (`usersConnected`), a lone one as `userConnected`.
    const arrivedNames = () =>
      seen.flatMap((e) =>
        e.type === 'userConnected'
          ? [e.user.username]
          : e.type === 'usersConnected'
            ? e.users.map((u) => u.username)
            : [],
      );
    await joinRoom(third, 'qatar');
    // The batch may be scheduled just after the join's answer: move the clock on until it went.
    await until(async () => {
      await server.clock.advance(250);
      return arrivedNames().includes('لينا');
    });
    const list = await listed;
    expect(list.users).toHaveLength(3);
    expect(list).not.toHaveProperty('total');
    expect(list).not.toHaveProperty('hasMore');
    expect(ofType(seen, 'presenceChanged')).toHaveLength(0);
    for (const socket of [first!, second!, third]) socket.close();
  });

  it('tells a member of many arrivals in a bounded number of envelopes, at most one per second', async () => {
    const [watcher, ...others] = await crowd(server, 'jordan', ['مراقب', 'نور', 'سلمى', 'كريم']);
    // The room is big now. Let its last window close, then watch.
    await server.clock.advance(1000);
    await settled(watcher!);
    const seen = recordEnvelopes(watcher!);
    const names = Array.from({ length: 8 }, (_, i) => `قادم ${i}`);
    const arrivals = await crowd(server, 'jordan', names);
    // Everyone has joined; at most one summary went out at once, the rest wait for the window.
    await settled(watcher!);
    expect(ofType(seen, 'presenceChanged').length).toBeLessThanOrEqual(1);
    await server.clock.advance(1000);
    await until(() => ofType(seen, 'presenceChanged').some((e) => e.total === 12)).catch(() => {
      throw new Error(JSON.stringify(seen.map((e) => [e.type, 'total' in e ? e.total : ''])));
    });
    await settled(watcher!);

    const summaries = ofType(seen, 'presenceChanged');
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    expect(summaries.length).toBeLessThanOrEqual(2);
    // Nobody was announced one by one, and every arrival was counted.
    expect(ofType(seen, 'userConnected')).toHaveLength(0);
    expect(ofType(seen, 'usersConnected')).toHaveLength(0);
    expect(summaries.reduce((sum, e) => sum + e.joined.length + e.moreJoined, 0)).toBe(names.length);

    // Departures likewise.
    for (const socket of arrivals) socket.close();
    await until(() => server.app.io.of('/').sockets.size <= 4 + 3);
    await server.clock.advance(1000);
    await until(() => ofType(seen, 'presenceChanged').some((e) => e.total === 4));
    const after = ofType(seen, 'presenceChanged');
    expect(after.length - summaries.length).toBeLessThanOrEqual(2);
    expect(ofType(seen, 'userDisconnected')).toHaveLength(0);
    expect(after.reduce((sum, e) => sum + e.left.length + e.moreLeft, 0)).toBe(names.length);
    for (const socket of [watcher!, ...others]) socket.close();
  });
});

// Two processes behind one load balancer: the list and the summaries cover both nodes.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('a big room across two nodes', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;
  beforeAll(async () => {
    nodeA = await startTestServer({ presencePageSize: PAGE });
    nodeB = await startPeerNode(nodeA, { presencePageSize: PAGE });
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('pages the whole site’s list and summarises arrivals on the other node', async () => {
    const onA = await crowd(nodeA, 'lebanon', ['فادي', 'رنا', 'وسام']);
    const watcher = onA[0]!;
    await nodeA.clock.advance(1000);
    await nodeB.clock.advance(1000);
    const seen = recordEnvelopes(watcher);
    const onB = await crowd(nodeB, 'lebanon', ['طارق', 'مها', 'باسل', 'عبير', 'زياد']);
    await nodeB.clock.advance(1000);
    // Wait for the live event on A before reading it.
    await until(() => ofType(seen, 'presenceChanged').some((e) => e.total === 8));
    await settled(watcher);
    const summaries = ofType(seen, 'presenceChanged');
    // The first two arrivals on B find a small room (the spec's events); from the fourth person on, summaries.
    expect(summaries.length).toBeLessThanOrEqual(3);
    expect(ofType(seen, 'userConnected').length + ofType(seen, 'usersConnected').length).toBeLessThanOrEqual(2);

    const [late] = await crowd(nodeB, 'bahrain', ['سهى']);
    const online = nextEnvelope(late!, 'onlineUsers', (e) => e.roomId === 'lebanon');
    await nodeB.clock.advance(2000);
    await joinRoom(late!, 'lebanon');
    const first = await online;
    expect(first.users).toHaveLength(PAGE);
    expect(first).toMatchObject({ total: 9, hasMore: true });
    const pages = [first.users];
    for (let offset = PAGE; ; offset += PAGE) {
      const reply = (await handled(late!, 'onlineUsersLoad', { roomId: 'lebanon', offset })) as {
        users: { id: number }[];
        hasMore: boolean;
      };
      pages.push(reply.users as never);
      if (!reply.hasMore) break;
    }
    expect(new Set(pages.flat().map((u) => u.id)).size).toBe(9);
    for (const socket of [...onA, ...onB, late!]) socket.close();
  });
});
