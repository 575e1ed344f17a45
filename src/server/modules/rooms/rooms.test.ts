import { eq } from 'drizzle-orm';
import { roomCountIn } from '../../../shared/realtime/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { COUNTRY_PATHS } from '../../../shared/catalogue/countries';
import type { Room } from '../../../shared/entities/room';
import { roomSchema } from '../../../shared/entities/room';
import { seed, seedRooms } from '../../db/seed';
import { rooms } from '../../db/schema';
import {
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  aMember,
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

async function listRooms(): Promise<Room[]> {
  const res = await api(server.url, '/api/rooms');
  expect(res.status).toBe(200);
  return res.body.rooms as Room[];
}

describe('room list', () => {
  it('holds the seeded general room first, one room per country and a broadcast room', async () => {
    const list = await listRooms();
    // With the landing catalogue's rooms (catalogue-rooms.test.ts).
    expect(list).toHaveLength(seedRooms().length);
    expect(list.filter((r) => r.parentId === null && !r.id.includes('-')).length).toBeGreaterThanOrEqual(22);
    for (const room of list) expect(roomSchema.parse(room)).toEqual(room);
    expect(list[0]).toMatchObject({ id: 'general', isDefault: true, userCount: 0 });
    expect(list.map((r) => r.id)).toEqual(expect.arrayContaining([...COUNTRY_PATHS, 'broadcast']));
    expect(list.find((r) => r.id === 'broadcast')).toMatchObject({ isBroadcast: true, speakers: [], micQueue: [] });
    expect(list.find((r) => r.id === 'egypt')?.name).toBe('شات مصر');
  });

  it('seeds idempotently', async () => {
    await server.app.database.db.update(rooms).set({ description: 'وصف معدّل' }).where(eq(rooms.id, 'egypt'));
    await seed(server.app.database.db);
    await seed(server.app.database.db);
    const all = await server.app.database.db.select().from(rooms);
    expect(all).toHaveLength(seedRooms().length);
    expect(all.find((r) => r.id === 'egypt')?.description).toBe('وصف معدّل');
  });

  it('counts users live, tells everyone, and orders busy rooms first after default ones', async () => {
    const [a, b, watcher] = await Promise.all([
      enterAsGuest(server.url, 'أحمد'),
      enterAsGuest(server.url, 'بسمة'),
      enterAsGuest(server.url, 'مراقب'),
    ]);
    const [sa, sb, sw] = await Promise.all([
      connect(server.url, a.cookie),
      connect(server.url, b.cookie),
      connect(server.url, watcher.cookie),
    ]);

    const jordanCount = nextEvent(sw, 'roomUpdate', (u) => roomCountIn(u, 'jordan') === 2);
    await Promise.all([joinRoom(sa, 'jordan'), joinRoom(sb, 'jordan')]);
    await jordanCount;

    let list = await listRooms();
    expect(list[0]!.id).toBe('general');
    expect(list[1]).toMatchObject({ id: 'jordan', userCount: 2 });

    // Leaving one room for another updates both counts for everyone, in one event.
    await server.clock.advance(1100);
    const both = nextEvent(sw, 'roomUpdate', (u) => roomCountIn(u, 'jordan') !== undefined);
    await joinRoom(sa, 'iraq');
    expect(await both).toEqual({ type: 'userCounts', counts: { jordan: 1, iraq: 1 } });
    list = await listRooms();
    expect(list.find((r) => r.id === 'jordan')?.userCount).toBe(1);
    expect(list.find((r) => r.id === 'iraq')?.userCount).toBe(1);

    for (const s of [sa, sb, sw]) s.close();
  });
});

describe('joining rooms', () => {
  it('answers with the room and its online users', async () => {
    const me = await enterAsGuest(server.url, 'داخل', { gender: 'أنثى' });
    const socket = await connect(server.url, me.cookie);
    const joined = nextEnvelope(socket, 'roomJoined');
    const online = nextEnvelope(socket, 'onlineUsers');
    await joinRoom(socket, 'qatar');
    expect((await joined).room).toMatchObject({ id: 'qatar', userCount: 1 });
    expect((await online).users).toEqual([
      {
        id: me.user.id,
        username: 'داخل',
        userType: 'guest',
        role: 'guest',
        gender: 'أنثى',
        profileImage: null,
        profileFrame: null,
        usernameColor: null,
        profileTag: null,
        profileEffect: null,
        usernameGradient: null,
        usernameEffect: null,
        avatarVersion: 0,
      },
    ]);
    socket.close();
  });

  it('refuses unknown rooms and joins faster than the throttle', async () => {
    const me = await enterAsGuest(server.url, 'مستعجل');
    const socket = await connect(server.url, me.cookie);
    const unknown = await socket.timeout(3000).emitWithAck('joinRoom', { roomId: 'nowhere' });
    expect(unknown).toMatchObject({ ok: false, code: 'ROOM_NOT_FOUND', message: ERROR_MESSAGES.ROOM_NOT_FOUND });
    await joinRoom(socket, 'oman');
    const tooFast = await socket.timeout(3000).emitWithAck('joinRoom', { roomId: 'yemen' });
    expect(tooFast).toMatchObject({ ok: false, code: 'JOIN_TOO_FAST' });
    // Re-joining the current room is harmless and not throttled.
    expect(await socket.timeout(3000).emitWithAck('joinRoom', { roomId: 'oman' })).toMatchObject({ ok: true });
    socket.close();
  });

  it('keeps visitors and members out of a locked room but lets staff in', async () => {
    const visitor = await enterAsGuest(server.url, 'طارق');
    const staff = await aMember(server, 'حارس', 'moderator');
    const locked = await api(server.url, '/api/rooms/lebanon/lock', {
      method: 'PUT',
      body: { isLocked: true },
      cookie: staff.cookie,
    });
    expect(locked.status).toBe(200);
    const vs = await connect(server.url, visitor.cookie);
    const ss = await connect(server.url, staff.cookie);
    const error = nextEvent(vs, 'error');
    vs.emit('joinRoom', { roomId: 'lebanon' });
    const refusal = await error;
    expect(refusal).toMatchObject({ code: 'ROOM_LOCKED', action: 'joinRoom' });
    // Spec §4: the message holds the word 'locked' (what clients look for) and the Arabic toast.
    expect(refusal.message).toContain('locked');
    expect(refusal.message).toContain('غرفة مقفلة: هذه الغرفة مقفلة ولا يمكن دخولها');
    // The same through the acknowledgement (after the join throttle).
    await server.clock.advance(2000);
    const acked = await vs.timeout(3000).emitWithAck('joinRoom', { roomId: 'lebanon' });
    expect(acked).toMatchObject({ ok: false, code: 'ROOM_LOCKED', message: expect.stringContaining('locked') });
    expect(
      (await api(server.url, '/api/messages/room/lebanon/latest?limit=12', { cookie: visitor.cookie })).status,
    ).toBe(403);
    await joinRoom(ss, 'lebanon');
    vs.close();
    ss.close();
  });
});
