import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { LogEntry, Sanction } from '../../../shared/entities/moderation';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  connect,
  cookieFrom,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  register,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const MINUTE = 60_000;
const device = (n: number) => `device-${n}-abcdefgh`;

function moderate(cookie: string, action: string, body: Record<string, unknown>) {
  return api(server.url, `/api/moderation/${action}`, { body, cookie });
}

function lift(cookie: string, action: string, targetId: number) {
  return api(server.url, `/api/moderation/${action}/${targetId}`, { method: 'DELETE', cookie });
}

/** Signs in as a guest from a given device; returns the HTTP answer (200, or the refusal). */
async function guestFrom(deviceId: string, username: string) {
  const res = await api(server.url, '/api/auth/guest', { body: { username }, headers: { 'x-device-id': deviceId } });
  return { ...res, client: { user: res.body.user, cookie: cookieFrom(res.headers) } as SignedInClient };
}

function closed(socket: ClientSocket): Promise<void> {
  return new Promise((resolve) => socket.once('disconnect', () => resolve()));
}

describe('a kick', () => {
  it('tells the person, closes their tabs, tells the room, and bars the account and its device until it ends', async () => {
    const moderator = await aMember(server, 'حازم', 'moderator');
    const { client: target } = await guestFrom(device(1), 'مشاغب');
    const watcher = await enterAsGuest(server.url, 'شاهد');
    const [targetSocket, watcherSocket] = await Promise.all([
      connect(server.url, target.cookie, { deviceId: device(1) }),
      connect(server.url, watcher.cookie),
    ]);
    await Promise.all([joinRoom(targetSocket, 'syria'), joinRoom(watcherSocket, 'syria')]);

    const kicked = nextEvent(targetSocket, 'kicked');
    const gone = closed(targetSocket);
    const notice = nextEnvelope(watcherSocket, 'moderationAction');
    const res = await moderate(moderator.cookie, 'kick', {
      targetId: target.user.id,
      durationMinutes: 10,
      reason: 'سب',
    });
    expect(res.status).toBe(200);
    expect(res.body.sanction).toMatchObject({ kind: 'kick', userId: target.user.id, username: 'مشاغب', reason: 'سب' });
    expect(await kicked).toMatchObject({ moderator: 'حازم', reason: 'سب', duration: 10, kind: 'kick' });
    await gone;
    expect(await notice).toMatchObject({
      roomId: 'syria',
      action: 'kick',
      actorName: 'حازم',
      targetName: 'مشاغب',
      durationMinutes: 10,
    });

    // The old cookie opens nothing; reconnecting from the device, or signing in anew, is refused.
    expect((await api(server.url, '/api/auth/session', { cookie: target.cookie })).body.user).toBeNull();
    const reconnect = await connect(server.url, target.cookie, { deviceId: device(1) }).then(
      () => null,
      (error: Error & { data?: { code: string; timeLeft?: number } }) => error.data,
    );
    expect(reconnect?.code).toBe('BANNED');
    expect(reconnect?.timeLeft).toBeGreaterThan(9 * 60);
    const again = await guestFrom(device(1), 'اسم جديد');
    expect([again.status, again.body.code]).toEqual([403, 'BANNED']);
    expect(again.body.message).toBe(ERROR_MESSAGES.BANNED);
    expect(again.body.timeLeft).toBeGreaterThan(9 * 60);
    expect(again.body.timeLeft).toBeLessThanOrEqual(10 * 60);
    // Someone else on another device is not affected.
    expect((await guestFrom(device(2), 'بريء')).status).toBe(200);

    await server.clock.advance(10 * MINUTE + 1000);
    const after = await guestFrom(device(1), 'عائد');
    expect(after.status).toBe(200);
    const back = await connect(server.url, after.client.cookie, { deviceId: device(1) });
    await joinRoom(back, 'syria');
    for (const socket of [back, watcherSocket]) socket.close();
  });

  it('closes, then refuses, every page open on a barred device, with the time left', async () => {
    const admin = await aMember(server, 'أسامة', 'admin');
    const { client: other } = await guestFrom(device(3), 'جهاز مشترك');
    const { client: target } = await guestFrom(device(3), 'صاحب الجهاز');
    // That other account's page is open on the device: the ban closes it too, not only the target's.
    const open = await connect(server.url, other.cookie, { deviceId: device(3) });
    await joinRoom(open, 'yemen');
    const { client: elsewhere } = await guestFrom(device(7), 'على جهاز آخر');
    const bystander = await connect(server.url, elsewhere.cookie, { deviceId: device(7) });
    const openClosed = closed(open);
    await moderate(admin.cookie, 'ban', { targetId: target.user.id, durationMinutes: 60 });
    await openClosed;
    expect(bystander.connected).toBe(true);
    bystander.close();
    // Another account signed in earlier on the same device: its socket is refused too.
    const refusal = await connect(server.url, other.cookie, { deviceId: device(3) }).then(
      () => null,
      (error: Error & { data?: { code: string; timeLeft?: number } }) => error.data,
    );
    expect(refusal?.code).toBe('BANNED');
    expect(refusal?.timeLeft).toBeGreaterThan(59 * 60);
    await lift(admin.cookie, 'ban', target.user.id);
    (await connect(server.url, other.cookie, { deviceId: device(3) })).close();
  });
});

describe('a mute', () => {
  it('lets the person read but not post, tells them until when, and ends on time or when lifted', async () => {
    const moderator = await aMember(server, 'ريم', 'moderator');
    const member = await aMember(server, 'ثرثار');
    const reader = await enterAsGuest(server.url, 'قارئ');
    const [ms, rs] = await Promise.all([connect(server.url, member.cookie), connect(server.url, reader.cookie)]);
    await Promise.all([joinRoom(ms, 'oman'), joinRoom(rs, 'oman')]);

    const told = nextEnvelope(ms, 'restrictionsChanged');
    const notice = nextEnvelope(rs, 'moderationAction', (e) => e.action === 'mute');
    expect((await moderate(moderator.cookie, 'mute', { targetId: member.user.id, durationMinutes: 5 })).status).toBe(
      200,
    );
    const { mutedUntil } = await told;
    expect(Date.parse(mutedUntil!) - server.clock.now()).toBeGreaterThan(4 * MINUTE);
    expect((await notice).reason).toBe('بدون سبب');

    const refused = await ms.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'مرحبا' });
    expect(refused).toMatchObject({ ok: false, code: 'MUTED', message: ERROR_MESSAGES.MUTED });
    expect(!refused.ok && refused.timeLeft).toBeGreaterThan(4 * 60);
    // Still reading.
    const reads = nextEnvelope(ms, 'newMessage');
    rs.emit('publicMessage', { roomId: 'oman', content: 'هل تسمعني؟' });
    await reads;
    // A fresh tab knows at once.
    const tab = await connect(server.url, member.cookie);
    const authenticated = nextEvent(tab, 'authenticated');
    tab.emit('auth', { userId: member.user.id });
    expect((await authenticated).restrictions.mutedUntil).toBe(mutedUntil);
    tab.close();

    await server.clock.advance(5 * MINUTE + 1000);
    expect(await ms.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'عدت' })).toMatchObject({
      ok: true,
    });

    await moderate(moderator.cookie, 'mute', { targetId: member.user.id, durationMinutes: 60 });
    const unmuted = nextEnvelope(ms, 'restrictionsChanged', (e) => e.mutedUntil === null);
    expect((await lift(moderator.cookie, 'mute', member.user.id)).status).toBe(200);
    await unmuted;
    await server.clock.advance(1000);
    expect(await ms.timeout(3000).emitWithAck('publicMessage', { roomId: 'oman', content: 'حر' })).toMatchObject({
      ok: true,
    });
    expect((await lift(moderator.cookie, 'mute', member.user.id)).body.code).toBe('SANCTION_NOT_FOUND');
    for (const socket of [ms, rs]) socket.close();
  });
});

describe('a block', () => {
  it('is permanent for the account and its device until an admin lifts it', async () => {
    const admin = await aMember(server, 'منيرة', 'admin');
    const { client: target } = await guestFrom(device(4), 'محظور');
    const socket = await connect(server.url, target.cookie, { deviceId: device(4) });
    const blocked = nextEvent(socket, 'blocked');
    const gone = closed(socket);
    expect((await moderate(admin.cookie, 'block', { targetId: target.user.id, reason: 'انتحال' })).status).toBe(200);
    expect(await blocked).toEqual({ moderator: 'منيرة', reason: 'انتحال' });
    await gone;

    await server.clock.advance(365 * 24 * 60 * MINUTE);
    const sameDevice = await guestFrom(device(4), 'متخفٍّ');
    expect([sameDevice.status, sameDevice.body.code]).toEqual([403, 'DEVICE_BLOCKED']);
    const sanctionList = (await api(server.url, '/api/moderation/sanctions', { cookie: admin.cookie })).body
      .sanctions as Sanction[];
    expect(sanctionList.find((s) => s.userId === target.user.id)).toMatchObject({ kind: 'block', expiresAt: null });

    expect((await lift(admin.cookie, 'block', target.user.id)).status).toBe(200);
    expect((await guestFrom(device(4), 'تائب')).status).toBe(200);
  });

  it('may also bar an address, for bans only when asked', async () => {
    const admin = await aMember(server, 'فيصل', 'admin');
    const { client: target } = await guestFrom(device(5), 'من عنوان');
    expect(
      (await moderate(admin.cookie, 'ban', { targetId: target.user.id, durationMinutes: 30, includeAddress: true }))
        .body.sanction,
    ).toMatchObject({ byAddress: true });
    // Every test client shares 127.0.0.1: anyone new from it is refused now.
    const newcomer = await guestFrom(device(6), 'جار العنوان');
    expect([newcomer.status, newcomer.body.code]).toEqual([403, 'BANNED']);
    await lift(admin.cookie, 'ban', target.user.id);
    expect((await guestFrom(device(6), 'جار العنوان')).status).toBe(200);
  });
});

describe('deleting messages', () => {
  it('lets authors delete their own and staff those of people below them; the room sees it go', async () => {
    const moderator = await aMember(server, 'سلمى', 'moderator');
    const author = await aMember(server, 'كاتبة');
    const other = await aMember(server, 'متطفل');
    const [as, os] = await Promise.all([connect(server.url, author.cookie), connect(server.url, other.cookie)]);
    await Promise.all([joinRoom(as, 'libya'), joinRoom(os, 'libya')]);
    const post = async (content: string) => {
      const reply = await as.timeout(3000).emitWithAck('publicMessage', { roomId: 'libya', content });
      if (!reply.ok) throw new Error(reply.code);
      await server.clock.advance(1000);
      return reply.message as Message;
    };
    const first = await post('رسالة أولى');
    const second = await post('رسالة ثانية');
    const remove = (id: number, cookie: string) => api(server.url, `/api/messages/${id}`, { method: 'DELETE', cookie });

    expect((await remove(first.id, other.cookie)).body.code).toBe('FORBIDDEN');
    const seen = nextEnvelope(os, 'messageDeleted');
    expect((await remove(first.id, author.cookie)).status).toBe(200);
    expect(await seen).toEqual({ type: 'messageDeleted', roomId: 'libya', messageId: first.id });
    expect((await remove(second.id, moderator.cookie)).status).toBe(200);
    expect((await remove(second.id, moderator.cookie)).status).toBe(404);
    expect((await remove(2 ** 40, moderator.cookie)).status).toBe(404);

    const history = await api(server.url, '/api/messages/room/libya/latest', { cookie: other.cookie });
    expect((history.body.messages as Message[]).map((m) => m.id)).not.toContain(first.id);
    expect((history.body.messages as Message[]).map((m) => m.id)).not.toContain(second.id);
    // Only the staff deletion is a moderation action.
    const log = (
      await api(server.url, `/api/moderation/log?action=deleteMessage&targetId=${author.user.id}`, {
        cookie: moderator.cookie,
      })
    ).body.entries as LogEntry[];
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actorName: 'سلمى', targetName: 'كاتبة', roomId: 'libya' });
    for (const socket of [as, os]) socket.close();
  });
});

describe('the moderation record', () => {
  it('keeps every action, newest first, in pages, for staff only', async () => {
    const owner = await aMember(server, 'صاحب', 'owner');
    const member = await aMember(server, 'مراجَع');
    for (const minutes of [5, 10, 15])
      await moderate(owner.cookie, 'mute', { targetId: member.user.id, durationMinutes: minutes });
    const page = await api(server.url, `/api/moderation/log?targetId=${member.user.id}&limit=2`, {
      cookie: owner.cookie,
    });
    expect(page.body.hasMore).toBe(true);
    const entries = page.body.entries as LogEntry[];
    expect(entries.map((e) => e.action)).toEqual(['mute', 'mute']);
    expect(entries[0]!.id).toBeGreaterThan(entries[1]!.id);
    const rest = await api(server.url, `/api/moderation/log?targetId=${member.user.id}&beforeId=${entries[1]!.id}`, {
      cookie: owner.cookie,
    });
    expect(rest.body).toMatchObject({ hasMore: false, entries: [expect.objectContaining({ action: 'mute' })] });
    expect((await api(server.url, '/api/moderation/log', { cookie: member.cookie })).status).toBe(403);
  });
});

describe('who may do what (spec §6, the interface bypassed)', () => {
  const roles = ['guest', 'member', 'moderator', 'admin', 'owner'] as const;
  type Role = (typeof roles)[number];
  const allowed: Record<string, Role[]> = {
    kick: ['moderator', 'admin', 'owner'],
    mute: ['moderator', 'admin', 'owner'],
    ban: ['admin', 'owner'],
    block: ['admin', 'owner'],
    sanctions: ['moderator', 'admin', 'owner'],
    log: ['moderator', 'admin', 'owner'],
    online: ['moderator', 'admin', 'owner'],
    deleteMessage: ['moderator', 'admin', 'owner'],
    lock: ['moderator', 'admin', 'owner'],
    chatLock: ['moderator', 'admin', 'owner'],
  };

  async function actorOf(role: Role, n: number): Promise<SignedInClient> {
    return role === 'guest' ? enterAsGuest(server.url, `زائر ${n}`) : aMember(server, `فاعل ${n}`, role);
  }

  it.each(roles)('a %s over HTTP, on a member below them', async (role) => {
    const n = roles.indexOf(role) + 1;
    const actor = await actorOf(role, n);
    const results: Record<string, boolean> = {};
    for (const action of ['kick', 'mute', 'ban', 'block'] as const) {
      const target = await aMember(server, `هدف ${n} ${action}`);
      const res = await moderate(actor.cookie, action, { targetId: target.user.id, durationMinutes: 1 });
      results[action] = res.status === 200;
      if (res.status !== 200) expect(res.body.code).toBe('FORBIDDEN');
      else await lift((await aMember(server, `رافع ${n} ${action}`, 'owner')).cookie, action, target.user.id);
    }
    for (const action of ['sanctions', 'log', 'online'] as const)
      results[action] = (await api(server.url, `/api/moderation/${action}`, { cookie: actor.cookie })).status === 200;

    const author = await aMember(server, `مؤلف ${n}`);
    const socket = await connect(server.url, author.cookie);
    await joinRoom(socket, 'kuwait');
    const reply = await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'kuwait', content: `نص ${n}` });
    socket.close();
    const messageId = reply.ok ? reply.message.id : 0;
    results.deleteMessage =
      (await api(server.url, `/api/messages/${messageId}`, { method: 'DELETE', cookie: actor.cookie })).status === 200;
    results.lock =
      (
        await api(server.url, '/api/rooms/kuwait/lock', {
          method: 'PUT',
          body: { isLocked: false },
          cookie: actor.cookie,
        })
      ).status === 200;
    results.chatLock =
      (
        await api(server.url, '/api/rooms/kuwait/chat-lock', {
          method: 'PUT',
          body: { chatLockAll: false },
          cookie: actor.cookie,
        })
      ).status === 200;

    for (const [action, roleList] of Object.entries(allowed))
      expect(results[action], `${role} ${action}`).toBe(roleList.includes(role));
  });

  const staffAbove: Record<string, Role[]> = {
    unmute: ['moderator', 'admin', 'owner'],
    unban: ['admin', 'owner'],
    unblock: ['admin', 'owner'],
    makeModerator: ['admin', 'owner'],
    readWords: ['admin', 'owner'],
    writeWords: ['admin', 'owner'],
    reportQueue: ['moderator', 'admin', 'owner'],
    closeReport: ['moderator', 'admin', 'owner'],
    report: ['guest', 'member', 'moderator', 'admin', 'owner'],
  };

  it.each(roles)('a %s over HTTP: lifting, roles, the word list and reports', async (role) => {
    const n = roles.indexOf(role) + 11;
    const actor = await actorOf(role, n);
    const owner = await aMember(server, `مالك ${n}`, 'owner');
    const results: Record<string, boolean> = {};
    const refusedAs = (res: { status: number; body: Record<string, unknown> }) => {
      if (res.status !== 200 && res.status !== 201) expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
      return res.status === 200 || res.status === 201;
    };

    for (const kind of ['mute', 'ban', 'block'] as const) {
      const target = await aMember(server, `معاقب ${n} ${kind}`);
      await moderate(owner.cookie, kind, { targetId: target.user.id, durationMinutes: 30 });
      results[`un${kind}`] = refusedAs(await lift(actor.cookie, kind, target.user.id));
      // Still in force when the actor may not lift it.
      const inForce = (await api(server.url, '/api/moderation/sanctions', { cookie: owner.cookie })).body
        .sanctions as Sanction[];
      expect(inForce.some((s) => s.userId === target.user.id && s.kind === kind)).toBe(!results[`un${kind}`]);
    }

    const candidate = await aMember(server, `مرشح ${n}`);
    const roleChange = await api(server.url, `/api/users/${candidate.user.id}/role`, {
      method: 'PUT',
      body: { role: 'moderator' },
      cookie: actor.cookie,
    });
    results.makeModerator = roleChange.status === 200;
    if (!results.makeModerator) expect(roleChange.status).toBe(403);

    results.readWords = refusedAs(await api(server.url, '/api/moderation/words', { cookie: actor.cookie }));
    results.writeWords = refusedAs(
      await api(server.url, '/api/moderation/words', { method: 'PUT', body: { words: [] }, cookie: actor.cookie }),
    );

    const reported = await aMember(server, `مبلغ عنه ${n}`);
    const report = await api(server.url, '/api/reports', {
      body: { userId: reported.user.id, reason: 'إزعاج' },
      cookie: actor.cookie,
    });
    results.report = refusedAs(report);
    results.reportQueue = refusedAs(await api(server.url, '/api/reports', { cookie: actor.cookie }));
    const anyReport = (
      await api(server.url, '/api/reports', {
        body: { userId: reported.user.id, reason: 'إساءة' },
        cookie: (await aMember(server, `مبلغ ${n}`)).cookie,
      })
    ).body.report as { id: number };
    results.closeReport = refusedAs(
      await api(server.url, `/api/reports/${anyReport.id}`, {
        method: 'PUT',
        body: { status: 'dismissed' },
        cookie: actor.cookie,
      }),
    );

    for (const [action, roleList] of Object.entries(staffAbove))
      expect(results[action], `${role} ${action}`).toBe(roleList.includes(role));
  });

  it('never on the owner, on oneself, or on an equal', async () => {
    const owner = await aMember(server, 'مؤسس الموقع', 'owner');
    const admins = [await aMember(server, 'رامي', 'admin')];
    const peer = await aMember(server, 'سامر', 'admin');
    for (const [cookie, targetId, code] of [
      [admins[0]!.cookie, owner.user.id, 'TARGET_IS_OWNER'],
      [admins[0]!.cookie, admins[0]!.user.id, 'CANNOT_TARGET_SELF'],
      [admins[0]!.cookie, peer.user.id, 'TARGET_OUTRANKS'],
      [owner.cookie, owner.user.id, 'CANNOT_TARGET_SELF'],
    ] as const) {
      for (const action of ['kick', 'mute', 'ban', 'block']) {
        const res = await moderate(cookie, action, { targetId });
        expect([res.status, res.body.code], `${action} → ${targetId}`).toEqual([403, code]);
      }
    }
    const bad = await moderate(owner.cookie, 'kick', { targetId: peer.user.id, durationMinutes: 43_201 });
    expect([bad.status, bad.body.code]).toEqual([400, 'DURATION_INVALID']);
    const long = await moderate(owner.cookie, 'kick', { targetId: peer.user.id, reason: 'س'.repeat(301) });
    expect(long.body.code).toBe('REASON_TOO_LONG');
    expect((await moderate(owner.cookie, 'explode', { targetId: peer.user.id })).status).toBe(400);
  });
});

describe('what a kick or ban binds (issue 8 §3)', () => {
  /** Signs a member in with their password from a given device. */
  function loginFrom(deviceId: string, username: string) {
    return api(server.url, '/api/auth/login', {
      body: { username, password: 'password-123' },
      headers: { 'x-device-id': deviceId },
    });
  }

  it('a kick lasts 15 minutes with "no reason" unless told otherwise; 0 minutes or over 30 days is refused', async () => {
    const moderator = await aMember(server, 'ضابط الافتراضات', 'moderator');
    const { client: target } = await guestFrom(device(20), 'مطرود افتراضي');
    const socket = await connect(server.url, target.cookie, { deviceId: device(20) });
    const kicked = nextEvent(socket, 'kicked');
    for (const durationMinutes of [0, -5, 1.5, 43_201]) {
      const bad = await moderate(moderator.cookie, 'kick', { targetId: target.user.id, durationMinutes });
      expect([bad.status, bad.body.code], String(durationMinutes)).toEqual([400, 'DURATION_INVALID']);
    }
    const res = await moderate(moderator.cookie, 'kick', { targetId: target.user.id });
    expect(res.status).toBe(200);
    const sanction = res.body.sanction as Sanction;
    expect(Date.parse(sanction.expiresAt!) - Date.parse(sanction.createdAt)).toBe(15 * MINUTE);
    expect(sanction.reason).toBe('بدون سبب');
    expect(await kicked).toMatchObject({ moderator: 'ضابط الافتراضات', reason: 'بدون سبب', duration: 15 });
    const refused = await guestFrom(device(20), 'محاولة');
    expect(refused.body.timeLeft).toBeGreaterThan(14 * 60);
    expect(refused.body.timeLeft).toBeLessThanOrEqual(15 * 60);
    // The longest allowed kick, a month, is taken.
    const other = await aMember(server, 'مطرود الشهر');
    const month = await moderate(moderator.cookie, 'kick', { targetId: other.user.id, durationMinutes: 43_200 });
    expect(month.status).toBe(200);
  });

  it('bars the account from every device, and its device under every account, until the kick ends', async () => {
    const moderator = await aMember(server, 'ضابط الحساب', 'moderator');
    await register(server.url, 'عضو مطرود', 'password-123');
    const first = await loginFrom(device(21), 'عضو مطرود');
    expect(first.status).toBe(200);
    const targetId = (first.body.user as { id: number }).id;
    expect((await moderate(moderator.cookie, 'kick', { targetId, durationMinutes: 5 })).status).toBe(200);

    // The account, from a device never seen before.
    const elsewhere = await loginFrom(device(22), 'عضو مطرود');
    expect([elsewhere.status, elsewhere.body.code]).toEqual([403, 'BANNED']);
    expect(elsewhere.body.timeLeft).toBeGreaterThan(4 * 60);
    // The device, under another member's account and as a visitor.
    await register(server.url, 'صديق الجهاز', 'password-123');
    const friend = await loginFrom(device(21), 'صديق الجهاز');
    expect([friend.status, friend.body.code]).toEqual([403, 'BANNED']);
    expect((await guestFrom(device(21), 'زائر الجهاز')).body.code).toBe('BANNED');

    await server.clock.advance(5 * MINUTE + 1000);
    const back = await loginFrom(device(22), 'عضو مطرود');
    expect(back.status).toBe(200);
    const socket = await connect(server.url, cookieFrom(back.headers), { deviceId: device(22) });
    await joinRoom(socket, 'jordan');
    socket.close();
  });

  it('a ban after a kick still binds the device the kick bound, though the kick ended every session', async () => {
    const moderator = await aMember(server, 'ضابط التصعيد', 'moderator');
    const admin = await aMember(server, 'قاضي التصعيد', 'admin');
    const { client: target } = await guestFrom(device(23), 'مصعد عليه');
    await moderate(moderator.cookie, 'kick', { targetId: target.user.id, durationMinutes: 1 });
    const ban = await moderate(admin.cookie, 'ban', { targetId: target.user.id, durationMinutes: 120 });
    expect(ban.status).toBe(200);
    await server.clock.advance(2 * MINUTE);
    // The kick is over; the ban is not, and it holds the device.
    const refused = await guestFrom(device(23), 'بعد الطرد');
    expect([refused.status, refused.body.code]).toEqual([403, 'BANNED']);
    expect(refused.body.timeLeft).toBeGreaterThan(100 * 60);
    await lift(admin.cookie, 'ban', target.user.id);
    expect((await guestFrom(device(23), 'بعد الرفع')).status).toBe(200);
  });

  it("binds an address only when asked, and never falls back to the moderator's own device or address", async () => {
    await aMember(server, 'قاضي العناوين', 'admin');
    const adminOnDevice = await loginFrom(device(24), 'قاضي العناوين');
    const adminCookie = cookieFrom(adminOnDevice.headers);
    // A member the site knows no device of (signed up without one), and whose address is unknown
    // once a kick has ended their sessions.
    const target = await aMember(server, 'بلا جهاز');
    const kick = await moderate(adminCookie, 'kick', { targetId: target.user.id, durationMinutes: 5 });
    expect(kick.status).toBe(200);
    const ban = await moderate(adminCookie, 'ban', {
      targetId: target.user.id,
      durationMinutes: 60,
      includeAddress: true,
    });
    expect(ban.status).toBe(200);
    expect((ban.body.sanction as Sanction).byAddress).toBe(false);

    // The admin's device and address (every test client is 127.0.0.1) are as free as before.
    const adminSocket = await connect(server.url, adminCookie, { deviceId: device(24) });
    await joinRoom(adminSocket, 'tunisia');
    adminSocket.close();
    expect((await guestFrom(device(24), 'ضيف على جهاز القاضي')).status).toBe(200);
    expect((await guestFrom(device(25), 'جار في العنوان')).status).toBe(200);

    // A ban on someone whose address is known binds it only when asked: by default, neighbours stay free.
    const { client: other } = await guestFrom(device(26), 'محظور بلا عنوان');
    const plain = await moderate(adminCookie, 'ban', { targetId: other.user.id, durationMinutes: 60 });
    expect((plain.body.sanction as Sanction).byAddress).toBe(false);
    expect((await guestFrom(device(27), 'جار آخر')).status).toBe(200);
    expect((await guestFrom(device(26), 'نفس الجهاز')).body.code).toBe('BANNED');
    await lift(adminCookie, 'ban', other.user.id);
    await lift(adminCookie, 'ban', target.user.id);
  });
});
