import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomCountIn } from '../../../shared/realtime/protocol';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
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
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const put = (id: number, cookie: string, body: unknown) =>
  api(server.url, `/api/users/${id}`, { method: 'PUT', cookie, body });

describe('profile fields', () => {
  it('are stored in one spelling and shown to others', async () => {
    const member = await aMember(server, 'ريم');
    const res = await put(member.user.id, member.cookie, {
      usernameColor: 'A1B2C3',
      profileEffect: 'aurora',
      profileFrame: 'gold-frame-70',
      profileTag: '7',
      bio: '  أحب   القهوة\u200b\t والكتب  ',
      statusText: 'متاحة',
      displayName: 'ريم الشام',
      gender: 'أنثى',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({
      usernameColor: '#a1b2c3',
      profileEffect: 'aurora',
      profileFrame: 'frame50',
      profileTag: 'tag7',
      bio: 'أحب القهوة والكتب',
      statusText: 'متاحة',
      displayName: 'ريم الشام',
    });
    const other = await aMember(server, 'سامي');
    const seen = await api(server.url, `/api/users/${member.user.id}`, { cookie: other.cookie });
    expect(seen.body.user).toMatchObject({ usernameColor: '#a1b2c3', bio: 'أحب القهوة والكتب' });
  });

  it("take one's own small picture as the tag, and refuse remote or lying ones", async () => {
    const member = await aMember(server, 'لمى');
    const webp = `data:image/webp;base64,${btoa('RIFF\u0001\u0002\u0003\u0004WEBPVP8 ')}`;
    const res = await put(member.user.id, member.cookie, { profileTag: webp });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const other = await aMember(server, 'وسام');
    const seen = await api(server.url, `/api/users/${member.user.id}`, { cookie: other.cookie });
    expect(seen.body.user).toMatchObject({ profileTag: webp });
    for (const profileTag of [
      'https://tracker.example/pixel.png',
      `data:image/png;base64,${btoa('RIFF\u0001\u0002\u0003\u0004WEBPVP8 ')}`,
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      '/api/auth/logout',
    ]) {
      const refused = await put(member.user.id, member.cookie, { profileTag });
      expect(refused.status, profileTag).toBe(400);
      expect(refused.body).toMatchObject({ code: 'TAG_INVALID', message: ERROR_MESSAGES.TAG_INVALID });
    }
    const kept = await api(server.url, `/api/users/${member.user.id}`, { cookie: other.cookie });
    expect(kept.body.user).toMatchObject({ profileTag: webp });
  });

  it('refuse bad values with an Arabic reason', async () => {
    const member = await aMember(server, 'نادر');
    const cases: [Record<string, unknown>, keyof typeof ERROR_MESSAGES][] = [
      [{ usernameColor: 'red' }, 'COLOR_INVALID'],
      [{ usernameColor: '#12345' }, 'COLOR_INVALID'],
      [{ profileFrame: 'frame0' }, 'FRAME_INVALID'],
      [{ profileFrame: 'none' }, 'FRAME_INVALID'],
      [{ profileEffect: 'explode' }, 'EFFECT_INVALID'],
      [{ bio: 'أ'.repeat(201) }, 'BIO_TOO_LONG'],
      [{ statusText: 'x'.repeat(61) }, 'STATUS_TOO_LONG'],
      [{}, 'NOTHING_TO_UPDATE'],
      [{ role: 'owner' }, 'VALIDATION_ERROR'],
    ];
    for (const [body, code] of cases) {
      const res = await put(member.user.id, member.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code, JSON.stringify(body)).toBe(code);
      expect(res.body.message).toBe(ERROR_MESSAGES[code]);
    }
  });

  it('give gradients, name effects and backgrounds to staff only (spec §5, §6)', async () => {
    const member = await aMember(server, 'هالة');
    const guest = await enterAsGuest(server.url, 'ضيف لطيف');
    const staffOnly = [
      { usernameGradient: 'linear-gradient(90deg, #ff0000, #0000ff)' },
      { usernameEffect: 'effect-soft-fire' },
      { profileBackgroundColor: '#112233' },
    ];
    for (const who of [member, guest])
      for (const body of staffOnly) {
        const res = await put(who.user.id, who.cookie, body);
        expect(res.status, JSON.stringify(body)).toBe(403);
        expect(res.body.message).toBe(ERROR_MESSAGES.STAFF_STYLE_ONLY);
      }
    // Clearing is always allowed, and being hidden is for staff too.
    expect((await put(member.user.id, member.cookie, { usernameEffect: null })).status).toBe(200);
    const hide = await put(member.user.id, member.cookie, { isHidden: true });
    expect(hide.body.code).toBe('HIDDEN_STAFF_ONLY');

    const moderator = await aMember(server, 'وليد', 'moderator');
    const res = await put(moderator.user.id, moderator.cookie, {
      usernameGradient: 'linear-gradient(90deg, #FF0000, #0000ff 80%)',
      usernameEffect: 'effect-soft-fire',
      profileBackgroundColor: '112233',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({
      usernameGradient: 'linear-gradient(90deg, #FF0000, #0000ff 80%)',
      usernameEffect: 'effect-soft-fire',
      // A single colour becomes a 135° gradient (spec §5).
      profileBackgroundColor: 'linear-gradient(135deg, #112233, #112233)',
    });
    // A background must be a linear-gradient: anything else (CSS that could carry more) is refused.
    for (const bad of [
      'url(https://x.example/a.png)',
      'linear-gradient(90deg, red, blue)',
      'radial-gradient(#000000, #ffffff)',
    ])
      expect((await put(moderator.user.id, moderator.cookie, { profileBackgroundColor: bad })).body.code).toBe(
        'BACKGROUND_INVALID',
      );
  });

  it('may be changed by the user or by staff above them only', async () => {
    const member = await aMember(server, 'منى');
    const other = await aMember(server, 'كريم');
    const moderator = await aMember(server, 'فارس', 'moderator');
    const admin = await aMember(server, 'جمال', 'admin');
    expect((await put(member.user.id, other.cookie, { usernameColor: '#000000' })).status).toBe(403);
    expect((await put(member.user.id, moderator.cookie, { displayName: 'منى م' })).status).toBe(200);
    const upward = await put(admin.user.id, moderator.cookie, { displayName: 'جمال ج' });
    expect(upward.status).toBe(403);
    expect(upward.body.code).toBe('TARGET_OUTRANKS');
    // Staff may not dress a member (only a name and public text are staff's to police).
    const dressed = await put(member.user.id, admin.cookie, { usernameEffect: 'effect-star-burst' });
    expect(dressed.body.code).toBe('STAFF_EDIT_FIELD');
  });

  it('show staff styles only while their owner is staff', async () => {
    const moderator = await aMember(server, 'رامي', 'moderator');
    await put(moderator.user.id, moderator.cookie, { usernameEffect: 'effect-calm-blue' });
    const owner = await aMember(server, 'صاحب', 'owner');
    expect(
      (
        await api(server.url, `/api/users/${moderator.user.id}/role`, {
          method: 'PUT',
          cookie: owner.cookie,
          body: { role: 'member' },
        })
      ).status,
    ).toBe(200);
    const seen = await api(server.url, `/api/users/${moderator.user.id}`, { cookie: owner.cookie });
    expect(seen.body.user).toMatchObject({ usernameEffect: null });
  });
});

describe('live changes', () => {
  it('reach every open screen with the spec envelope of each change, then userUpdated', async () => {
    const moderator = await aMember(server, 'ماجد', 'moderator');
    const watcher = await aMember(server, 'لينا');
    const socket = await connect(server.url, watcher.cookie);
    const own = await connect(server.url, moderator.cookie);
    try {
      await joinRoom(socket, 'general');
      await joinRoom(own, 'general');
      const envelopes = recordEnvelopes(socket);
      const updated = nextEnvelope(socket, 'userUpdated', (e) => e.user.id === moderator.user.id);
      const res = await put(moderator.user.id, moderator.cookie, {
        usernameColor: '#ff8800',
        usernameGradient: 'linear-gradient(45deg, #ff0000, #00ff00)',
        usernameEffect: 'effect-star-burst',
        profileEffect: 'neon',
        profileBackgroundColor: '#223344',
      });
      expect(res.status).toBe(200);
      const profile = await updated;
      expect(profile.user).toMatchObject({ usernameColor: '#ff8800', usernameEffect: 'effect-star-burst' });
      expect(profile.user).not.toHaveProperty('globalSoundEnabled');
      const byType = Object.fromEntries(envelopes.map((e) => [e.type, e]));
      expect(byType.usernameColorChanged).toEqual({
        type: 'usernameColorChanged',
        userId: moderator.user.id,
        usernameColor: '#ff8800',
      });
      expect(byType.usernameGradientChanged).toMatchObject({
        usernameGradient: 'linear-gradient(45deg, #ff0000, #00ff00)',
      });
      expect(byType.usernameEffectChanged).toMatchObject({ usernameEffect: 'effect-star-burst' });
      expect(byType.profileEffectChanged).toMatchObject({ profileEffect: 'neon' });
      expect(byType.user_background_updated).toMatchObject({
        profileBackgroundColor: 'linear-gradient(135deg, #223344, #223344)',
      });

      // A private setting is told to the user's own tabs only.
      const seenBefore = envelopes.length;
      const ownUpdate = nextEnvelope(
        own,
        'userUpdated',
        (e) => 'globalSoundEnabled' in e.user && e.user.globalSoundEnabled === false,
      );
      await put(moderator.user.id, moderator.cookie, { globalSoundEnabled: false });
      await ownUpdate;
      // Others would have been told in the same step as the user's own tabs.
      await settled(socket);
      expect(envelopes.slice(seenBefore).filter((e) => e.type === 'userUpdated')).toEqual([]);
    } finally {
      socket.close();
      own.close();
    }
  });

  it('hidden staff leave the online list and the room count, and come back when shown', async () => {
    const admin = await aMember(server, 'سلمى', 'admin');
    const watcher = await aMember(server, 'يوسف');
    const a = await connect(server.url, admin.cookie);
    const w = await connect(server.url, watcher.cookie);
    const countOf = async () => {
      const res = await api(server.url, '/api/rooms', { cookie: watcher.cookie });
      return (res.body.rooms as { id: string; userCount: number }[]).find((room) => room.id === 'egypt')?.userCount;
    };
    const counted = (userCount: number) => nextEvent(w, 'roomUpdate', (u) => roomCountIn(u, 'egypt') === userCount);
    try {
      await joinRoom(a, 'egypt');
      const left = nextEnvelope(w, 'userDisconnected', (e) => e.userId === admin.user.id);
      await joinRoom(w, 'egypt');
      expect(await countOf()).toBe(2);
      await server.clock.advance(1100);
      const fewer = counted(1);
      expect((await put(admin.user.id, admin.cookie, { isHidden: true })).status).toBe(200);
      await left;
      await server.clock.advance(1100);
      await fewer;
      expect(await countOf()).toBe(1);
      // Someone entering now does not see them.
      const late = await aMember(server, 'طارق');
      const l = await connect(server.url, late.cookie);
      const list = nextEnvelope(l, 'onlineUsers');
      await joinRoom(l, 'egypt');
      expect((await list).users.map((u) => u.id)).not.toContain(admin.user.id);
      l.close();
      const back = nextEnvelope(w, 'userConnected', (e) => e.user.id === admin.user.id);
      const more = counted(2);
      await put(admin.user.id, admin.cookie, { isHidden: false });
      await back;
      await server.clock.advance(1100);
      await more;
      expect(await countOf()).toBe(2);
    } finally {
      a.close();
      w.close();
    }
  });
});
