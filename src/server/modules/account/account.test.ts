import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { AVATAR_MAX_BYTES } from '../../../shared/api/users';
import {
  aMember,
  api,
  apiForm,
  connect,
  cookieFrom,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  register,
  startTestServer,
  until,
  type ClientSocket,
  type TestServer,
} from '../../testing/test-server';
import { aPng, aPngClaiming } from '../../testing/test-images';

let server: TestServer;

/** Resolves when the server closes the socket. */
function disconnected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve) => socket.once('disconnect', () => resolve()));
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const upload = (id: number, cookie: string, data: Uint8Array<ArrayBuffer>, type = 'image/png') =>
  apiForm(server.url, `/api/users/${id}/avatar`, { cookie, files: { avatar: { data, type, name: 'me.png' } } });

describe('avatar upload', () => {
  it('stores a square WebP in three sizes, bumps the version and tells everyone live', async () => {
    const member = await aMember(server, 'عبير');
    const watcher = await aMember(server, 'حسام');
    const own = await connect(server.url, member.cookie);
    const other = await connect(server.url, watcher.cookie);
    try {
      const self = nextEnvelope(own, 'selfAvatarUpdated');
      const everyone = nextEnvelope(other, 'userAvatarUpdated', (e) => e.userId === member.user.id);
      const res = await upload(member.user.id, member.cookie, new Uint8Array(await aPng(640, 300)));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const user = res.body.user as { profileImage: string; avatarHash: string; avatarVersion: number };
      expect(user.avatarVersion).toBe(1);
      expect(user.profileImage).toBe(`/uploads/avatars/${user.avatarHash}.webp`);
      expect((await everyone).avatarVersion).toBe(1);
      expect((await self).user.profileImage).toBe(user.profileImage);

      for (const [suffix, size] of [
        ['', 256],
        ['-128', 128],
        ['-64', 64],
      ] as const) {
        const file = await fetch(`${server.url}/uploads/avatars/${user.avatarHash}${suffix}.webp`);
        expect(file.headers.get('content-type')).toBe('image/webp');
        const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      }
      const again = await upload(member.user.id, member.cookie, new Uint8Array(await aPng(100, 100, '#ff0000')));
      expect((again.body.user as { avatarVersion: number }).avatarVersion).toBe(2);
    } finally {
      own.close();
      other.close();
    }
  });

  it('refuses a non-image, an oversize file and a decompression bomb with the §8 texts', async () => {
    const member = await aMember(server, 'مازن');
    const text = await upload(
      member.user.id,
      member.cookie,
      new TextEncoder().encode('<svg onload=alert(1)>'),
      'image/png',
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(ERROR_MESSAGES.IMAGE_INVALID);

    const huge = new Uint8Array(AVATAR_MAX_BYTES + 1024);
    const oversize = await upload(member.user.id, member.cookie, huge);
    expect(oversize.status).toBe(413);
    expect(oversize.body.message).toBe('الملف كبير جداً - اختر ملفاً أصغر');

    const bomb = await upload(member.user.id, member.cookie, new Uint8Array(aPngClaiming(100_000, 100_000)));
    expect(bomb.status).toBe(413);
    expect(bomb.body.message).toBe(ERROR_MESSAGES.IMAGE_TOO_LARGE);

    // A picture declared as something else is refused too.
    const lying = await upload(member.user.id, member.cookie, new Uint8Array(await aPng()), 'image/gif');
    expect(lying.status).toBe(400);
    // Nothing was stored.
    const after = await api(server.url, `/api/users/${member.user.id}`, { cookie: member.cookie });
    expect(after.body.user).toMatchObject({ avatarVersion: 0, profileImage: null });
  });

  it("is refused on someone else's profile", async () => {
    const member = await aMember(server, 'غادة');
    const other = await aMember(server, 'زياد');
    const res = await upload(member.user.id, other.cookie, new Uint8Array(await aPng()));
    expect(res.status).toBe(403);
    expect((await fetch(`${server.url}/uploads/avatars/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe('a visitor becoming a member', () => {
  it('keeps their id, name and messages, and can then log in', async () => {
    const guest = await enterAsGuest(server.url, 'ضيف مسافر');
    const socket = await connect(server.url, guest.cookie);
    await joinRoom(socket, 'general');
    const ack = await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'قبل التسجيل' });
    expect(ack.ok).toBe(true);
    socket.close();

    const short = await api(server.url, '/api/auth/upgrade', { cookie: guest.cookie, body: { password: '123' } });
    expect(short.body.code).toBe('PASSWORD_TOO_SHORT');
    const res = await api(server.url, '/api/auth/upgrade', { cookie: guest.cookie, body: { password: 'secret-pass' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({
      id: guest.user.id,
      username: 'ضيف مسافر',
      userType: 'member',
      role: 'member',
    });
    // The same session goes on, now with a member's lifetime.
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=\d{6,}/);
    const session = await api(server.url, '/api/auth/session', { cookie: guest.cookie });
    expect(session.body.user).toMatchObject({ id: guest.user.id, userType: 'member' });

    const again = await api(server.url, '/api/auth/upgrade', {
      cookie: guest.cookie,
      body: { password: 'secret-pass' },
    });
    expect(again.body.code).toBe('ALREADY_MEMBER');

    const login = await api(server.url, '/api/auth/login', {
      body: { username: 'ضيف مسافر', password: 'secret-pass' },
    });
    expect(login.status).toBe(200);
    const exported = await api(server.url, `/api/users/${guest.user.id}/export`, { cookie: cookieFrom(login.headers) });
    expect((exported.body.messages as { content: string }[]).map((m) => m.content)).toContain('قبل التسجيل');
  });
});

describe('password and sessions', () => {
  it('changing the password needs the current one and signs out every other session', async () => {
    const first = await register(server.url, 'سعاد', 'first-pass');
    const secondLogin = await api(server.url, '/api/auth/login', {
      body: { username: 'سعاد', password: 'first-pass' },
    });
    const second = cookieFrom(secondLogin.headers);
    const socket = await connect(server.url, second);
    const closed = disconnected(socket);

    const wrong = await api(server.url, '/api/auth/password', {
      cookie: first.cookie,
      body: { currentPassword: 'nope-nope', newPassword: 'second-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(ERROR_MESSAGES.PASSWORD_WRONG);

    const ok = await api(server.url, '/api/auth/password', {
      cookie: first.cookie,
      body: { currentPassword: 'first-pass', newPassword: 'second-pass' },
    });
    expect(ok.status).toBe(200);
    await closed;
    expect((await api(server.url, '/api/auth/session', { cookie: second })).body.user).toBeNull();
    expect((await api(server.url, '/api/auth/session', { cookie: first.cookie })).body.user).toMatchObject({
      username: 'سعاد',
    });
    expect(
      (await api(server.url, '/api/auth/login', { body: { username: 'سعاد', password: 'first-pass' } })).status,
    ).toBe(401);
    expect(
      (await api(server.url, '/api/auth/login', { body: { username: 'سعاد', password: 'second-pass' } })).status,
    ).toBe(200);
  });

  it('lists one’s own sessions and ends one of them', async () => {
    const a = await register(server.url, 'نبيل', 'nabil-pass');
    const bLogin = await api(server.url, '/api/auth/login', {
      body: { username: 'نبيل', password: 'nabil-pass' },
      headers: { 'user-agent': 'PhoneBrowser/1.0' },
    });
    const b = cookieFrom(bLogin.headers);
    const list = await api(server.url, '/api/auth/sessions', { cookie: a.cookie });
    const sessions = list.body.sessions as { id: string; current: boolean; userAgent: string | null }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const phone = sessions.find((s) => s.userAgent === 'PhoneBrowser/1.0')!;
    expect(phone.current).toBe(false);

    // Someone else cannot end it.
    const stranger = await aMember(server, 'غريب');
    expect(
      (await api(server.url, `/api/auth/sessions/${phone.id}`, { method: 'DELETE', cookie: stranger.cookie })).status,
    ).toBe(404);

    const end = await api(server.url, `/api/auth/sessions/${phone.id}`, { method: 'DELETE', cookie: a.cookie });
    expect(end.status).toBe(200);
    expect((await api(server.url, '/api/auth/session', { cookie: b })).body.user).toBeNull();
    expect((await api(server.url, '/api/auth/session', { cookie: a.cookie })).body.user).not.toBeNull();
  });
});

describe('privacy rights', () => {
  it('export holds the profile, messages, private messages, conversations and a friends section', async () => {
    const me = await aMember(server, 'رنا');
    const friend = await aMember(server, 'مريم');
    await api(server.url, `/api/users/${me.user.id}`, { method: 'PUT', cookie: me.cookie, body: { bio: 'نبذتي' } });
    const socket = await connect(server.url, me.cookie);
    await joinRoom(socket, 'general');
    await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'رسالة عامة' });
    socket.close();
    const sent = await api(server.url, '/api/private-messages/send', {
      cookie: me.cookie,
      body: { receiverId: friend.user.id, content: 'رسالة خاصة' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const res = await api(server.url, `/api/users/${me.user.id}/export`, { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(res.body.profile).toMatchObject({ id: me.user.id, username: 'رنا', bio: 'نبذتي' });
    expect(res.body.profile).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect((res.body.messages as { content: string }[]).map((m) => m.content)).toEqual(['رسالة عامة']);
    expect(res.body.privateMessages).toMatchObject([
      { content: 'رسالة خاصة', direction: 'sent', receiverId: friend.user.id },
    ]);
    expect(res.body.conversations).toMatchObject([{ otherUserId: friend.user.id, otherUsername: 'مريم' }]);
    expect(res.body.friends).toEqual([]);
    expect(res.body.sessions).toHaveLength(1);

    // Nobody else's data, not even for staff.
    const admin = await aMember(server, 'قاسم', 'admin');
    expect((await api(server.url, `/api/users/${me.user.id}/export`, { cookie: admin.cookie })).body.code).toBe(
      'OWN_ACCOUNT_ONLY',
    );
  });

  it('a deleted account loses its data and can never sign in again', async () => {
    const me = await register(server.url, 'وداد', 'wedad-pass');
    await upload(me.user.id, me.cookie, new Uint8Array(await aPng()));
    const avatar = (await api(server.url, `/api/users/${me.user.id}`, { cookie: me.cookie })).body.user as {
      avatarHash: string;
    };
    const socket = await connect(server.url, me.cookie);
    await joinRoom(socket, 'general');
    await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'سأغادر' });
    const closed = disconnected(socket);

    const noPassword = await api(server.url, `/api/users/${me.user.id}`, {
      method: 'DELETE',
      cookie: me.cookie,
      body: {},
    });
    expect(noPassword.body.code).toBe('PASSWORD_REQUIRED');
    const wrong = await api(server.url, `/api/users/${me.user.id}`, {
      method: 'DELETE',
      cookie: me.cookie,
      body: { password: 'not-it' },
    });
    expect(wrong.body.message).toBe(ERROR_MESSAGES.PASSWORD_WRONG);
    const other = await aMember(server, 'عادل', 'admin');
    expect(
      (
        await api(server.url, `/api/users/${me.user.id}`, {
          method: 'DELETE',
          cookie: other.cookie,
          body: { password: 'wedad-pass' },
        })
      ).status,
    ).toBe(403);

    // Someone reading the room sees the messages leave their open screen.
    const watcher = await connect(server.url, other.cookie);
    await joinRoom(watcher, 'general');
    const gone = nextEnvelope(watcher, 'userDeleted', (e) => e.userId === me.user.id);
    const res = await api(server.url, `/api/users/${me.user.id}`, {
      method: 'DELETE',
      cookie: me.cookie,
      body: { password: 'wedad-pass' },
    });
    expect(res.status).toBe(200);
    await gone;
    watcher.close();
    await closed;
    expect((await api(server.url, '/api/auth/session', { cookie: me.cookie })).body.user).toBeNull();
    const login = await api(server.url, '/api/auth/login', { body: { username: 'وداد', password: 'wedad-pass' } });
    expect(login.status).toBe(401);
    expect((await api(server.url, `/api/users/${me.user.id}`, { cookie: other.cookie })).status).toBe(404);
    const latest = await api(server.url, '/api/messages/room/general/latest?limit=12', { cookie: other.cookie });
    expect(JSON.stringify(latest.body)).not.toContain('سأغادر');
    await until(() => !existsSync(path.join(server.config.dataDir, 'uploads', 'avatars', `${avatar.avatarHash}.webp`)));
  });

  it('a visitor deletes their account without a password', async () => {
    const guest = await enterAsGuest(server.url, 'زائر عابر');
    const res = await api(server.url, `/api/users/${guest.user.id}`, {
      method: 'DELETE',
      cookie: guest.cookie,
      body: {},
    });
    expect(res.status).toBe(200);
    expect((await api(server.url, '/api/auth/session', { cookie: guest.cookie })).body.user).toBeNull();
  });
});
