import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import type { PublicUser } from '../../shared/entities/user';
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
  type TestServer,
} from '../testing/test-server';
import { channel } from './types';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const put = (path: string, body: unknown, cookie: string) => api(server.url, path, { method: 'PUT', body, cookie });

async function send(socket: ClientSocket, roomId: string, content: string) {
  return socket.timeout(3000).emitWithAck('publicMessage', { roomId, content });
}

describe('a role change reaches the user at once', () => {
  it('updates every tab, tells everyone else, and the very next check uses the new role', async () => {
    const owner = await aMember(server, 'صاحب الموقع', 'owner');
    const sara = await aMember(server, 'سارة', 'member');
    const onlooker = await enterAsGuest(server.url, 'متفرج');
    const [tab1, tab2, watcher] = await Promise.all([
      connect(server.url, sara.cookie),
      connect(server.url, sara.cookie),
      connect(server.url, onlooker.cookie),
    ]);
    const ownerSocket = await connect(server.url, owner.cookie);
    await api(server.url, '/api/rooms/lebanon/lock', { method: 'PUT', body: { isLocked: true }, cookie: owner.cookie });
    expect(await tab1.timeout(3000).emitWithAck('joinRoom', { roomId: 'lebanon' })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });

    const selfOn1 = nextEnvelope(tab1, 'userUpdated', (e) => e.user.id === sara.user.id);
    const selfOn2 = nextEnvelope(tab2, 'userUpdated', (e) => e.user.id === sara.user.id);
    const publicView = nextEnvelope(watcher, 'userUpdated', (e) => e.user.id === sara.user.id);
    const promoted = await put(`/api/users/${sara.user.id}/role`, { role: 'moderator' }, owner.cookie);
    expect(promoted.status).toBe(200);
    expect((promoted.body.user as PublicUser).role).toBe('moderator');

    // Her own tabs get her full record; others the public profile only.
    for (const envelope of await Promise.all([selfOn1, selfOn2])) {
      expect(envelope.user).toMatchObject({ role: 'moderator', showSystemMessages: true });
    }
    const seen = (await publicView).user;
    expect(seen.role).toBe('moderator');
    expect(seen).not.toHaveProperty('showSystemMessages');

    // The same socket, without reconnecting, now enters the locked room and is staff.
    await server.clock.advance(1000);
    await joinRoom(tab1, 'lebanon');
    const staffSockets = await server.app.io.in(channel.staff).fetchSockets();
    expect(staffSockets.map((s) => s.id)).toEqual(expect.arrayContaining([tab1.id, tab2.id]));
    expect(staffSockets.map((s) => s.id)).not.toContain(watcher.id);

    // Whoever enters next sees her listed with her new role.
    const listing = nextEnvelope(ownerSocket, 'onlineUsers');
    await joinRoom(ownerSocket, 'lebanon');
    expect((await listing).users.find((u) => u.id === sara.user.id)?.role).toBe('moderator');

    // Demoted: her next check refuses her again, and she leaves the staff channel.
    const demotedNotice = nextEnvelope(tab2, 'userUpdated', (e) => e.user.role === 'member');
    await put(`/api/users/${sara.user.id}/role`, { role: 'member' }, owner.cookie);
    await demotedNotice;
    expect(await tab2.timeout(3000).emitWithAck('joinRoom', { roomId: 'lebanon' })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });
    expect((await server.app.io.in(channel.staff).fetchSockets()).map((s) => s.id)).not.toContain(tab1.id);

    await api(server.url, '/api/rooms/lebanon/lock', {
      method: 'PUT',
      body: { isLocked: false },
      cookie: owner.cookie,
    });
    for (const socket of [tab1, tab2, watcher, ownerSocket]) socket.close();
  });

  it('lets only those above the target hand out roles, and never on the owner', async () => {
    const owner = await aMember(server, 'جميلة', 'owner');
    const admin = await aMember(server, 'رانيا', 'admin');
    const moderator = await aMember(server, 'لمى', 'moderator');
    const member = await aMember(server, 'عضوة');
    const visitor = await enterAsGuest(server.url, 'عابرة');
    const cases: [string, number, string, number, string][] = [
      [admin.cookie, member.user.id, 'admin', 403, 'ROLE_NOT_ALLOWED'],
      [admin.cookie, owner.user.id, 'member', 403, 'TARGET_IS_OWNER'],
      [moderator.cookie, member.user.id, 'moderator', 403, 'FORBIDDEN'],
      [member.cookie, visitor.user.id, 'member', 403, 'FORBIDDEN'],
      [owner.cookie, visitor.user.id, 'moderator', 403, 'ROLE_NEEDS_MEMBER'],
      [owner.cookie, owner.user.id, 'member', 403, 'CANNOT_TARGET_SELF'],
      [owner.cookie, member.user.id, 'owner', 403, 'ROLE_NOT_ALLOWED'],
      [owner.cookie, member.user.id, 'king', 400, 'ROLE_NOT_ALLOWED'],
    ];
    for (const [cookie, target, role, status, code] of cases) {
      const res = await put(`/api/users/${target}/role`, { role }, cookie);
      expect([res.status, res.body.code], `${role} → ${target}`).toEqual([status, code]);
      expect(res.body.message).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
    }
    expect((await put(`/api/users/${member.user.id}/role`, { role: 'moderator' }, admin.cookie)).status).toBe(200);
    // Now a moderator, she is the admin's equal no more, but still below: the admin may undo it.
    expect((await put(`/api/users/${member.user.id}/role`, { role: 'member' }, admin.cookie)).status).toBe(200);
    expect((await put(`/api/users/${member.user.id}/role`, { role: 'member' }, '')).status).toBe(401);
  });
});

describe('room state takes effect at once', () => {
  it('enforces chat locks on the next post, tells everyone, and refuses non-staff', async () => {
    const moderator = await aMember(server, 'حارسة الغرفة', 'moderator');
    const member = await aMember(server, 'كاتب عضو');
    const visitor = await enterAsGuest(server.url, 'كاتب زائر');
    const [ms, mems, vs] = await Promise.all([
      connect(server.url, moderator.cookie),
      connect(server.url, member.cookie),
      connect(server.url, visitor.cookie),
    ]);
    await Promise.all([joinRoom(ms, 'qatar'), joinRoom(mems, 'qatar'), joinRoom(vs, 'qatar')]);

    const refused = await put('/api/rooms/qatar/chat-lock', { chatLockAll: true }, member.cookie);
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);

    const told = nextEvent(vs, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.chatLockAll);
    const locked = await put('/api/rooms/qatar/chat-lock', { chatLockAll: true }, moderator.cookie);
    expect(locked.status).toBe(200);
    expect(locked.body.room).toMatchObject({ id: 'qatar', chatLockAll: true, chatLockVisitors: false });
    await told;
    expect(await send(mems, 'qatar', 'هل يسمعني أحد؟')).toMatchObject({
      ok: false,
      code: 'CHAT_LOCKED',
      message: ERROR_MESSAGES.CHAT_LOCKED,
    });
    expect(await send(ms, 'qatar', 'الكتابة للمشرفين الآن')).toMatchObject({ ok: true });

    await put('/api/rooms/qatar/chat-lock', { chatLockAll: false, chatLockVisitors: true }, moderator.cookie);
    expect(await send(vs, 'qatar', 'وأنا؟')).toMatchObject({ ok: false, code: 'CHAT_LOCKED_VISITORS' });
    expect(await send(mems, 'qatar', 'عدنا')).toMatchObject({ ok: true });

    expect((await put('/api/rooms/qatar/chat-lock', {}, moderator.cookie)).body.code).toBe('NOTHING_TO_UPDATE');
    expect((await put('/api/rooms/nowhere/lock', { isLocked: true }, moderator.cookie)).status).toBe(404);
    await put('/api/rooms/qatar/chat-lock', { chatLockVisitors: false }, moderator.cookie);
    for (const socket of [ms, mems, vs]) socket.close();
  });
});

describe('settings', () => {
  it("reach the user's other tabs, and only theirs", async () => {
    const huda = await aMember(server, 'هدى');
    const other = await aMember(server, 'جار');
    const [tab1, tab2, neighbour] = await Promise.all([
      connect(server.url, huda.cookie),
      connect(server.url, huda.cookie),
      connect(server.url, other.cookie),
    ]);
    const neighbourSaw = recordEnvelopes(neighbour);
    const onTab2 = nextEnvelope(tab2, 'userUpdated');
    const res = await put(`/api/users/${huda.user.id}`, { showSystemMessages: false }, huda.cookie);
    expect(res.status).toBe(200);
    expect((await onTab2).user).toMatchObject({ id: huda.user.id, showSystemMessages: false });
    await settled(neighbour);
    expect(neighbourSaw.some((e) => e.type === 'userUpdated')).toBe(false);

    // Someone else's settings: refused for a peer, and for staff above them too (theirs to keep);
    // staff may only police what others read, such as clearing the bio.
    expect((await put(`/api/users/${huda.user.id}`, { globalSoundEnabled: false }, other.cookie)).status).toBe(403);
    const moderator = await aMember(server, 'سليم', 'moderator');
    const bySoundStaff = await put(`/api/users/${huda.user.id}`, { globalSoundEnabled: false }, moderator.cookie);
    expect([bySoundStaff.status, bySoundStaff.body.code]).toEqual([403, 'STAFF_EDIT_FIELD']);
    expect((await put(`/api/users/${huda.user.id}`, { bio: '' }, moderator.cookie)).status).toBe(200);
    expect((await put(`/api/users/${moderator.user.id}`, { globalSoundEnabled: false }, huda.cookie)).status).toBe(403);
    for (const socket of [tab1, tab2, neighbour]) socket.close();
  });
});

describe('spec §6 over the socket, each role, the interface bypassed', () => {
  const roles = ['guest', 'member', 'moderator', 'admin', 'owner'] as const;
  const staff = new Set<string>(['moderator', 'admin', 'owner']);

  it.each(roles)('a %s: enters a locked room and posts under each chat lock only as the policy says', async (role) => {
    const n = roles.indexOf(role) + 1;
    const keeper = await aMember(server, `قفال ${n}`, 'owner');
    const actor =
      role === 'guest' ? await enterAsGuest(server.url, `عابر ${n}`) : await aMember(server, `جالس ${n}`, role);
    const roomId = 'bahrain';
    const socket = await connect(server.url, actor.cookie);

    expect((await put(`/api/rooms/${roomId}/lock`, { isLocked: true }, keeper.cookie)).status).toBe(200);
    const entered = await socket.timeout(3000).emitWithAck('joinRoom', { roomId });
    expect(entered.ok, `${role} enters a locked room`).toBe(staff.has(role));
    if (!entered.ok) expect(entered.code).toBe('ROOM_LOCKED');
    await put(`/api/rooms/${roomId}/lock`, { isLocked: false }, keeper.cookie);
    if (!entered.ok) await joinRoom(socket, roomId);

    await put(`/api/rooms/${roomId}/chat-lock`, { chatLockAll: true }, keeper.cookie);
    const underAll = await send(socket, roomId, `تحت القفل ${n}`);
    expect(underAll.ok, `${role} posts under chatLockAll`).toBe(staff.has(role));
    if (!underAll.ok) expect(underAll.code).toBe('CHAT_LOCKED');

    await put(`/api/rooms/${roomId}/chat-lock`, { chatLockAll: false, chatLockVisitors: true }, keeper.cookie);
    const underVisitors = await send(socket, roomId, `للأعضاء ${n}`);
    expect(underVisitors.ok, `${role} posts under chatLockVisitors`).toBe(role !== 'guest');
    if (!underVisitors.ok) expect(underVisitors.code).toBe('CHAT_LOCKED_VISITORS');

    await put(`/api/rooms/${roomId}/chat-lock`, { chatLockVisitors: false }, keeper.cookie);
    expect((await send(socket, roomId, `مفتوح ${n}`)).ok).toBe(true);
    socket.close();
  });
});
