import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { legacyUsernameKey, usernameKey } from '../../../shared/entities/username-key';
import { sessions, users } from '../../db/schema';
import { seed } from '../../db/seed';
import {
  api,
  connect,
  cookieFrom,
  enterAsGuest,
  nextEvent,
  register,
  startTestServer,
  until,
  type TestServer,
} from '../../testing/test-server';
import { hashPassword } from './password';
import { sessionIdOf } from './session-token';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('visitors', () => {
  it('enter with just a nickname and keep a session', async () => {
    const res = await api(server.url, '/api/auth/guest', {
      body: { username: '  زائر   الليل ', gender: 'أنثى', age: 25, country: 'egypt' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      username: 'زائر الليل',
      userType: 'guest',
      role: 'guest',
      gender: 'أنثى',
      age: 25,
      country: 'egypt',
    });
    const cookie = cookieFrom(res.headers);
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(res.headers.get('set-cookie')).toMatch(/SameSite=Lax/i);

    const session = await api(server.url, '/api/auth/session', { cookie });
    expect(session.body.user).toMatchObject({ username: 'زائر الليل', userType: 'guest' });

    await api(server.url, '/api/auth/logout', { method: 'POST', cookie });
    expect((await api(server.url, '/api/auth/session', { cookie })).body).toEqual({ user: null });
  });

  it('get a clear Arabic refusal for every bad name', async () => {
    const cases: [unknown, keyof typeof ERROR_MESSAGES][] = [
      [undefined, 'USERNAME_REQUIRED'],
      ['   ', 'USERNAME_REQUIRED'],
      ['ا', 'USERNAME_TOO_SHORT'],
      ['أ'.repeat(25), 'USERNAME_TOO_LONG'],
      ['<script>', 'USERNAME_INVALID_CHARS'],
      ['name@mail', 'USERNAME_INVALID_CHARS'],
      ['😀😀', 'USERNAME_INVALID_CHARS'],
      ['Admin', 'USERNAME_RESERVED'],
      ['مشرف', 'USERNAME_RESERVED'],
      ['ادمن', 'USERNAME_RESERVED'],
      ['المشرف_1', 'USERNAME_RESERVED'],
      ['مشرف علي', 'USERNAME_RESERVED'],
      ['\u202Eالإدارة\u200F', 'USERNAME_RESERVED'],
      ['ـــ', 'USERNAME_REQUIRED'],
      ['\u200B\u061C', 'USERNAME_REQUIRED'],
      ['ab\u0000', 'INVALID_CHARACTERS'],
      ['\u0000\u0000', 'INVALID_CHARACTERS'],
    ];
    for (const [username, code] of cases) {
      const res = await api(server.url, '/api/auth/guest', { body: { username } });
      expect(res.status, String(username)).toBe(400);
      expect(res.body).toMatchObject({ code, message: ERROR_MESSAGES[code] });
    }
    const young = await api(server.url, '/api/auth/guest', { body: { username: 'صغير', age: 15 } });
    expect(young.body).toMatchObject({ code: 'AGE_INVALID' });
    const country = await api(server.url, '/api/auth/guest', { body: { username: 'مسافر', country: 'atlantis' } });
    expect(country.body).toMatchObject({ code: 'COUNTRY_INVALID' });
    const notJson = await api(server.url, '/api/auth/guest', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe(ERROR_MESSAGES.VALIDATION_ERROR);
  });

  it('accept Latin names with digits, spaces, _ and -', async () => {
    const res = await api(server.url, '/api/auth/guest', { body: { username: 'Sam_99 x-y' } });
    expect(res.status).toBe(200);
  });

  it('may not take a registered member name, in any letter case', async () => {
    await register(server.url, 'Khalid', 'secret-pass');
    const res = await api(server.url, '/api/auth/guest', { body: { username: 'khalid' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'USERNAME_MEMBER_TAKEN', message: ERROR_MESSAGES.USERNAME_MEMBER_TAKEN });
  });

  it('may not take a look-alike of a member name', async () => {
    await register(server.url, 'احمد', 'secret-pass');
    for (const username of ['أحمد', 'إحمد', 'اَحْمَد', 'احـمد', 'ﺍﺣﻤﺪ']) {
      const res = await api(server.url, '/api/auth/guest', { body: { username } });
      expect(res.status, username).toBe(409);
      expect(res.body.code).toBe('USERNAME_MEMBER_TAKEN');
    }
    const res = await api(server.url, '/api/auth/register', { body: { username: 'أحمد', password: 'other-pass' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('USERNAME_TAKEN');
  });

  it('may not take a look-alike of an online name, invisible characters and all', async () => {
    const first = await enterAsGuest(server.url, 'tester');
    const socket = await connect(server.url, first.cookie);
    for (const username of ['tester\u061C', '\u200Btester', 'TESTER', 'te\u200Dster']) {
      const res = await api(server.url, '/api/auth/guest', { body: { username } });
      expect(res.status, JSON.stringify(username)).toBe(409);
      expect(res.body.code).toBe('USERNAME_ONLINE_TAKEN');
    }
    socket.close();
  });

  it('are stored under the name as it shows, without invisible characters', async () => {
    const me = await enterAsGuest(server.url, '\u200Fنسيم\u200B');
    expect(me.user.username).toBe('نسيم');
  });

  it('may not take the name of someone online, and get it once they have left', async () => {
    const first = await enterAsGuest(server.url, 'نجمة');
    const socket = await connect(server.url, first.cookie);
    const res = await api(server.url, '/api/auth/guest', { body: { username: 'نجمة' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'USERNAME_ONLINE_TAKEN', message: ERROR_MESSAGES.USERNAME_ONLINE_TAKEN });

    // The holder re-entering with their own name keeps their account.
    const again = await api(server.url, '/api/auth/guest', { body: { username: 'نجمة' }, cookie: first.cookie });
    expect(again.status).toBe(200);
    expect((again.body.user as { id: number }).id).toBe(first.user.id);

    socket.close();
    await api(server.url, '/api/auth/logout', { method: 'POST', cookie: first.cookie });
    // Their socket has gone from the site's presence.
    await until(async () => !(await server.app.presence.isOnline(first.user.id)));
    const later = await api(server.url, '/api/auth/guest', { body: { username: 'نجمة' } });
    expect(later.status).toBe(200);
    expect((later.body.user as { id: number }).id).not.toBe(first.user.id);
  });

  it('hold a fresh name between entering and connecting', async () => {
    await enterAsGuest(server.url, 'قمر');
    const res = await api(server.url, '/api/auth/guest', { body: { username: 'قمر' } });
    expect(res.status).toBe(409);
  });
});

describe('members', () => {
  it('register, log in with the password, and are refused with a wrong one', async () => {
    const created = await api(server.url, '/api/auth/register', {
      body: { username: 'ليلى', password: 'kalimat-sir', gender: 'أنثى' },
    });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ username: 'ليلى', userType: 'member', role: 'member' });
    expect(JSON.stringify(created.body)).not.toMatch(/kalimat|scrypt|password/);

    const duplicate = await api(server.url, '/api/auth/register', {
      body: { username: ' ليلى ', password: 'other-pass' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('USERNAME_TAKEN');

    const short = await api(server.url, '/api/auth/register', { body: { username: 'سلمى', password: '123' } });
    expect(short.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: ERROR_MESSAGES.PASSWORD_TOO_SHORT });

    const wrong = await api(server.url, '/api/auth/login', { body: { username: 'ليلى', password: 'wrong-pass' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(ERROR_MESSAGES.INVALID_CREDENTIALS);
    const unknown = await api(server.url, '/api/auth/login', { body: { username: 'لا أحد', password: 'whatever' } });
    expect(unknown.status).toBe(401);

    const login = await api(server.url, '/api/auth/login', { body: { username: 'ليلى', password: 'kalimat-sir' } });
    expect(login.status).toBe(200);
    const session = await api(server.url, '/api/auth/session', { cookie: cookieFrom(login.headers) });
    expect(session.body.user).toMatchObject({ username: 'ليلى', userType: 'member' });
  });

  it('log in typing their name with another spelling of the same letters', async () => {
    const created = await register(server.url, 'إيمان سارة', 'secret-pass');
    for (const username of ['ايمان ساره', 'إِيمَان_سارة', 'ايمان  سارة\u200F', 'آيمان-ساره']) {
      const res = await api(server.url, '/api/auth/login', { body: { username, password: 'secret-pass' } });
      expect(res.status, username).toBe(200);
      expect((res.body.user as { id: number }).id).toBe(created.user.id);
      expect(res.body.user).toMatchObject({ username: 'إيمان سارة' });
    }
  });

  it('get an Arabic 400, never a 500, for NUL characters in a name', async () => {
    for (const path of ['/api/auth/guest', '/api/auth/register', '/api/auth/login']) {
      const res = await api(server.url, path, { body: { username: 'nul\u0000name', password: 'secret-pass' } });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/[\u0600-\u06FF]/);
    }
    const login = await api(server.url, '/api/auth/login', { body: { username: '\u0000', password: 'x' } });
    expect(login.body).toMatchObject({ code: 'INVALID_CHARACTERS', message: ERROR_MESSAGES.INVALID_CHARACTERS });
  });

  it('cannot forge a session cookie', async () => {
    const res = await api(server.url, '/api/auth/session', { cookie: 'majlis_sid=forged.value' });
    expect(res.body).toEqual({ user: null });
  });
});

describe('username key backfill', () => {
  const db = () => server.app.database.db;
  const keyOf = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!.usernameKey;
  const forgetVersion = () => db().execute(sql`DELETE FROM data_versions WHERE name = 'username_key'`);

  it('recomputes keys stored the old way at start-up, once', async () => {
    const member = await register(server.url, 'مُنى', 'secret-pass');
    const guest = await enterAsGuest(server.url, 'زائرة أمل');
    // As version 1 stored them: lower case only.
    await db()
      .update(users)
      .set({ usernameKey: sql`CASE WHEN ${users.id} = ${member.user.id} THEN 'مُنى' ELSE 'زائرة أمل' END` })
      .where(inArray(users.id, [member.user.id, guest.user.id]));
    await forgetVersion();

    const warnings: unknown[] = [];
    await seed(db(), { warn: (...args) => warnings.push(args) });
    expect(await keyOf(member.user.id)).toBe(usernameKey('منى'));
    expect(await keyOf(guest.user.id)).toBe(usernameKey('زائرة امل'));
    expect(warnings).toEqual([]);

    const login = await api(server.url, '/api/auth/login', { body: { username: 'منى', password: 'secret-pass' } });
    expect(login.status).toBe(200);

    // Done once: a row changed behind its back afterwards is left alone.
    await db().update(users).set({ usernameKey: 'مُنى' }).where(eq(users.id, member.user.id));
    await seed(db());
    expect(await keyOf(member.user.id)).toBe('مُنى');
    await db()
      .update(users)
      .set({ usernameKey: usernameKey('منى') })
      .where(eq(users.id, member.user.id));
  });

  it('keeps the older member on a shared new key; the newer keeps the old key and can still log in', async () => {
    const [older, newer] = await db()
      .insert(users)
      .values([
        {
          username: 'رامي',
          usernameKey: legacyUsernameKey('رامي'),
          passwordHash: await hashPassword('older-pass'),
          createdAt: new Date('2024-01-01T00:00:00Z'),
        },
        {
          username: 'رامى',
          usernameKey: legacyUsernameKey('رامى'),
          passwordHash: await hashPassword('newer-pass'),
          createdAt: new Date('2024-06-01T00:00:00Z'),
        },
      ])
      .returning();
    await forgetVersion();

    const warnings: [string, object][] = [];
    await seed(db(), { warn: (message, details) => warnings.push([message, details]) });
    expect(await keyOf(older!.id)).toBe(usernameKey('رامي'));
    expect(await keyOf(newer!.id)).toBe('رامى');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]![1]).toMatchObject({ id: newer!.id, heldBy: older!.id });

    const login = (username: string, password: string) =>
      api(server.url, '/api/auth/login', { body: { username, password } });
    expect((await login('رامى', 'newer-pass')).body.user).toMatchObject({ id: newer!.id });
    expect((await login('رامى', 'older-pass')).body.user).toMatchObject({ id: older!.id });
    expect((await login('رامي', 'older-pass')).body.user).toMatchObject({ id: older!.id });
    expect((await login('رامي', 'newer-pass')).status).toBe(401);
    // Nobody new takes either spelling.
    const guest = await api(server.url, '/api/auth/guest', { body: { username: 'رامى' } });
    expect(guest.body.code).toBe('USERNAME_MEMBER_TAKEN');
  });
});

describe('users and devices', () => {
  it('serve a public profile to signed-in users only', async () => {
    const viewer = await enterAsGuest(server.url, 'متفرج');
    const target = await register(server.url, 'هدف', 'secret-pass');
    expect((await api(server.url, `/api/users/${target.user.id}`)).status).toBe(401);
    const res = await api(server.url, `/api/users/${target.user.id}`, { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: target.user.id, username: 'هدف', userType: 'member' });
    expect(res.body.user).not.toHaveProperty('age');
    const missing = await api(server.url, '/api/users/999999', { cookie: viewer.cookie });
    expect(missing.status).toBe(404);
    expect((await api(server.url, '/api/users/abc', { cookie: viewer.cookie })).status).toBe(400);
  });

  it('let users change only their own settings', async () => {
    const me = await enterAsGuest(server.url, 'صاحب');
    const other = await enterAsGuest(server.url, 'آخر');
    const own = await api(server.url, `/api/users/${me.user.id}`, {
      method: 'PUT',
      body: { showSystemMessages: false },
      cookie: me.cookie,
    });
    expect(own.status).toBe(200);
    expect(own.body.user).toMatchObject({ showSystemMessages: false });
    const theirs = await api(server.url, `/api/users/${other.user.id}`, {
      method: 'PUT',
      body: { showSystemMessages: false },
      cookie: me.cookie,
    });
    expect(theirs.status).toBe(403);
    const sneaky = await api(server.url, `/api/users/${me.user.id}`, {
      method: 'PUT',
      body: { role: 'owner' },
      cookie: me.cookie,
    });
    expect(sneaky.status).toBe(400);
  });

  it('record the device id with the session, from HTTP and the socket handshake', async () => {
    const res = await api(server.url, '/api/auth/guest', {
      body: { username: 'جهاز' },
      headers: { 'X-Device-Id': 'device-aaaa-1111' },
    });
    const cookie = cookieFrom(res.headers);
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const stored = async () =>
      (
        await server.app.database.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(token)))
      )[0];
    expect((await stored())?.deviceId).toBe('device-aaaa-1111');

    const socket = await connect(server.url, cookie, { deviceId: 'device-bbbb-2222' });
    expect((await stored())?.deviceId).toBe('device-bbbb-2222');
    socket.close();

    const bad = await api(server.url, '/api/auth/guest', {
      body: { username: 'جهاز2' },
      headers: { 'X-Device-Id': 'bad id!' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('DEVICE_ID_INVALID');
  });
});

describe('sign-in rate limit', () => {
  it('slows down a flood of sign-in attempts from one address', async () => {
    const strict = await startTestServer({ authAttemptsPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await api(strict.url, '/api/auth/login', { body: { username: 'x', password: 'y' } })).status);
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[4]).toBe(429);
      const limited = await api(strict.url, '/api/auth/login', { body: { username: 'x', password: 'y' } });
      expect(limited.body.message).toBe(ERROR_MESSAGES.RATE_LIMITED);
    } finally {
      await strict.close();
    }
  });
});

describe('socket authentication', () => {
  it('refuses a handshake without a valid session', async () => {
    await expect(connect(server.url, '')).rejects.toMatchObject({ message: 'UNAUTHORIZED' });
    await expect(connect(server.url, 'majlis_sid=nope')).rejects.toMatchObject({ message: 'UNAUTHORIZED' });
  });

  it('answers auth with authenticated when the claim matches the session, and error when it does not', async () => {
    const me = await enterAsGuest(server.url, 'موثق');
    const socket = await connect(server.url, me.cookie);
    const ok = nextEvent(socket, 'authenticated');
    socket.emit('auth', {
      userId: me.user.id,
      username: 'موثق',
      userType: 'guest',
      reconnect: false,
      timestamp: Date.now(),
    });
    expect((await ok).user).toMatchObject({ id: me.user.id, username: 'موثق', isOnline: true });

    const refused = nextEvent(socket, 'error');
    socket.emit('auth', { userId: me.user.id + 1000, username: 'someone', userType: 'owner' });
    expect(await refused).toMatchObject({
      code: 'AUTH_MISMATCH',
      action: 'auth',
      message: ERROR_MESSAGES.AUTH_MISMATCH,
    });
    socket.close();
  });

  it('answers client_ping with client_pong', async () => {
    const me = await enterAsGuest(server.url, 'نابض');
    const socket = await connect(server.url, me.cookie);
    const pong = nextEvent(socket, 'client_pong');
    socket.emit('client_ping', { timestamp: 1234 });
    expect(await pong).toMatchObject({ timestamp: 1234 });
    const bare = nextEvent(socket, 'client_pong');
    socket.emit('client_ping');
    expect(await bare).toMatchObject({ timestamp: null });
    socket.close();
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const me = await enterAsGuest(server.url, 'مغادر');
    const socket = await connect(server.url, me.cookie);
    const gone = new Promise((resolve) => socket.on('disconnect', resolve));
    await api(server.url, '/api/auth/logout', { method: 'POST', cookie: me.cookie });
    await gone;
    await expect(connect(server.url, me.cookie)).rejects.toMatchObject({ message: 'UNAUTHORIZED' });
  });
});
