import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEvent,
  serverSockets,
  handled,
  settled,
  startTestServer,
  until,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../testing/test-server';
import { channel } from '../realtime/types';

let server: TestServer;
let ali: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  ali = await enterAsGuest(server.url, 'علي');
});
afterAll(async () => {
  await server?.close();
});

const raw = (socket: ClientSocket) => socket as unknown as { emit(event: string, ...args: unknown[]): void };

function expectRefusal(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect([res.status, res.body.code]).toEqual([status, code]);
  expect(res.body.message).toBe(ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES]);
}

describe('input that must never reach SQL', () => {
  it('refuses NUL characters anywhere with a 400 and an Arabic message', async () => {
    const cookie = ali.cookie;
    expectRefusal(await api(server.url, '/api/messages/room/gen%00eral/latest', { cookie }), 400, 'INVALID_CHARACTERS');
    expectRefusal(
      await api(server.url, '/api/messages/room/general/since?sinceId=1&x=%00', { cookie }),
      400,
      'INVALID_CHARACTERS',
    );
    expectRefusal(
      await api(server.url, '/api/auth/login', { body: { username: 'ab\u0000c', password: 'x\u0000' } }),
      400,
      'INVALID_CHARACTERS',
    );
    expectRefusal(
      await api(server.url, '/api/auth/guest', { body: { username: 'سا\u0000رة' } }),
      400,
      'INVALID_CHARACTERS',
    );
    expectRefusal(
      await api(server.url, `/api/users/${ali.user.id}`, {
        method: 'PUT',
        body: { 'show\u0000SystemMessages': true },
        cookie,
      }),
      400,
      'INVALID_CHARACTERS',
    );
    expectRefusal(await api(server.url, '/api/pages?path=/eg%00ypt'), 400, 'INVALID_CHARACTERS');

    const socket = await connect(server.url, cookie);
    const join = await socket.timeout(3000).emitWithAck('joinRoom', { roomId: 'gen\u0000eral' });
    expect(join).toMatchObject({ ok: false, code: 'INVALID_CHARACTERS' });
    await joinRoom(socket, 'general');
    const post = await socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'a\u0000b' });
    expect(post).toMatchObject({ ok: false, code: 'INVALID_CHARACTERS', message: ERROR_MESSAGES.INVALID_CHARACTERS });
    // Nothing was stored, and the chat still works.
    const latest = await api(server.url, '/api/messages/room/general/latest', { cookie });
    expect(latest.body.messages).toEqual([]);
    socket.close();
  });

  it('refuses ids beyond what the database holds as not found, not as a server error', async () => {
    const cookie = ali.cookie;
    for (const id of ['2147483648', '99999999999', '1e10', '-1', '0', '1.5', 'abc']) {
      const res = await api(server.url, `/api/users/${id}`, { cookie });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
    expectRefusal(await api(server.url, '/api/users/2147483648', { cookie }), 400, 'USER_NOT_FOUND');
    expectRefusal(await api(server.url, '/api/users/2147483647', { cookie }), 404, 'USER_NOT_FOUND');
    const hugeSince = await api(server.url, `/api/messages/room/general/since?sinceId=${2 ** 60}`, { cookie });
    expect(hugeSince.status).toBe(400);
    const socket = await connect(server.url, cookie);
    const error = nextEvent(socket, 'error');
    raw(socket).emit('auth', { userId: 2 ** 40 });
    expect(await error).toMatchObject({ code: 'USER_NOT_FOUND', action: 'auth' });
    socket.close();
  });

  it('answers hostile ids and text on the moderation, report and room endpoints with an Arabic 4xx', async () => {
    const owner = await aMember(server, 'صاحب الدار', 'owner');
    const cookie = owner.cookie;
    const huge = ['2147483648', '99999999999', '1e10', '-1', '0', '1.5', 'abc', '9'.repeat(400)];
    const requests: [string, string, unknown?][] = [];
    for (const id of huge) {
      requests.push(
        ['DELETE', `/api/moderation/mute/${id}`],
        ['DELETE', `/api/moderation/block/${id}`],
        ['PUT', `/api/reports/${id}`, { status: 'dismissed' }],
        ['DELETE', `/api/messages/${id}`],
        ['PUT', `/api/users/${id}/role`, { role: 'moderator' }],
        ['POST', '/api/moderation/kick', { targetId: Number(id), durationMinutes: 5 }],
        ['POST', '/api/reports', { userId: Number(id), reason: 'سبب' }],
        ['DELETE', `/api/rooms/${id}`],
      );
    }
    // Message ids go up to 2^53: only past that, or not a whole positive number, is refused.
    for (const id of [String(2 ** 60), '1e400', '-1', '1.5', 'abc'])
      requests.push(['GET', `/api/messages/room/general/before?beforeId=${id}`]);
    requests.push(
      ['POST', '/api/reports', { userId: ali.user.id, reason: 'سب\u0000ب' }],
      ['POST', '/api/moderation/kick', { targetId: ali.user.id, durationMinutes: 1e9 }],
      ['POST', '/api/moderation/mute', { targetId: ali.user.id, durationMinutes: 5, reason: 'x'.repeat(100_000) }],
      ['PUT', '/api/moderation/words', { words: [{ word: 'ك\u0000لمة', action: 'mask' }] }],
      ['PUT', '/api/moderation/words', { words: [{ word: 'كلمة', action: 'explode' }] }],
      ['PUT', '/api/rooms/general/chat-lock', { chatLockAll: 'yes' }],
      ['GET', '/api/moderation/log?beforeId=1e400'],
      // Not valid URL encoding: the router refuses it before any route.
      ['DELETE', '/api/moderation/mute/%zz'],
    );
    for (const [method, path, body] of requests) {
      const res = await api(server.url, path, { method, cookie, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(typeof res.body.message, `${method} ${path}`).toBe('string');
      expect(res.body.message as string, `${method} ${path}`).toMatch(/[\u0600-\u06FF]/u);
    }
  });

  it('refuses empty updates instead of failing on them', async () => {
    const res = await api(server.url, `/api/users/${ali.user.id}`, { method: 'PUT', body: {}, cookie: ali.cookie });
    expectRefusal(res, 400, 'NOTHING_TO_UPDATE');
    const noBody = await api(server.url, `/api/users/${ali.user.id}`, { method: 'PUT', cookie: ali.cookie });
    expect(noBody.status).toBe(400);
    const unknown = await api(server.url, `/api/users/${ali.user.id}`, {
      method: 'PUT',
      body: { role: 'owner' },
      cookie: ali.cookie,
    });
    expect(unknown.status).toBe(400);
  });
});

describe('requests from other sites', () => {
  const evil = 'https://evil.example';

  it('refuses state-changing requests whose Origin or Referer is not the site', async () => {
    const byOrigin = await api(server.url, '/api/auth/guest', {
      body: { username: 'ضحية' },
      headers: { origin: evil },
    });
    expectRefusal(byOrigin, 403, 'FORBIDDEN_ORIGIN');
    expect(byOrigin.headers.get('set-cookie')).toBeNull();
    const byReferer = await api(server.url, '/api/auth/logout', {
      method: 'POST',
      cookie: ali.cookie,
      headers: { referer: `${evil}/page` },
    });
    expectRefusal(byReferer, 403, 'FORBIDDEN_ORIGIN');
    expectRefusal(
      await api(server.url, '/api/ping', { method: 'POST', headers: { origin: 'null' } }),
      403,
      'FORBIDDEN_ORIGIN',
    );
    // Our own pages, and reads from anywhere, are fine.
    const own = await api(server.url, '/api/auth/guest', {
      body: { username: 'ضيف أصيل' },
      headers: { origin: server.url },
    });
    expect(own.status).toBe(200);
    expect((await api(server.url, '/api/rooms', { headers: { origin: evil } })).status).toBe(200);
    // The session survived the forged logout.
    expect((await api(server.url, '/api/auth/session', { cookie: ali.cookie })).body.user).toMatchObject({
      id: ali.user.id,
    });
  });

  it('refuses a socket opened by another site', async () => {
    await expect(connect(server.url, ali.cookie, {}, { headers: { origin: evil } })).rejects.toThrow();
    const ours = await connect(server.url, ali.cookie, {}, { headers: { origin: server.url } });
    ours.close();
  });

  it('never redirects a posted form off the site', async () => {
    const post = (path: string) =>
      new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
        const url = new URL(server.url);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            method: 'POST',
            path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode ?? 0, location: res.headers.location });
          },
        );
        req.on('error', reject);
        req.end('username=x');
      });
    for (const path of ['//evil.example', '/\\evil.example', '//evil.example/egypt', '/\\/evil.example']) {
      const res = await post(path);
      expect(res.status, path).toBe(303);
      expect(res.location, path).toBe('/#welcome');
    }
    expect((await post('/egypt')).location).toBe('/egypt#welcome');
  });
});

describe('bursts', () => {
  it('keeps a socket in one room whatever arrives in one burst', async () => {
    const hasty = await enterAsGuest(server.url, 'متعجل');
    const socket = await connect(server.url, hasty.cookie);
    const rooms = ['egypt', 'iraq', 'oman', 'yemen', 'syria', 'libya', 'sudan', 'qatar'];
    const replies = await Promise.all(rooms.map((roomId) => socket.timeout(3000).emitWithAck('joinRoom', { roomId })));
    const joined = replies.filter((r) => r.ok);
    expect(joined).toHaveLength(1);
    expect(replies.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'JOIN_TOO_FAST')).toBe(true);
    const [serverSocket] = await server.app.io.in(channel.user(hasty.user.id)).fetchSockets();
    const chatRooms = [...serverSocket!.rooms].filter((name) => name.startsWith('room:'));
    expect(chatRooms).toHaveLength(1);
    const inRoom = await Promise.all(rooms.map((roomId) => server.app.presence.roomMembers(roomId)));
    expect(inRoom.flat().filter((u) => u.id === hasty.user.id)).toHaveLength(1);
    socket.close();
  });

  it('releases presence when a socket goes in the middle of a join', async () => {
    const fleeting = await enterAsGuest(server.url, 'عابر سريع');
    for (let i = 0; i < 5; i++) {
      const socket = await connect(server.url, fleeting.cookie);
      socket.emit('joinRoom', { roomId: 'tunisia' });
      socket.close();
    }
    await until(async () => serverSockets(server) === 0, 3000).catch(() => undefined);
    await expect
      .poll(async () => (await server.app.presence.roomMembers('tunisia')).some((u) => u.id === fleeting.user.id))
      .toBe(false);
    await expect.poll(() => server.app.presence.isOnline(fleeting.user.id)).toBe(false);
  });

  it('answers a flood of bad events a few times, not once per event, and cuts off a socket that never stops', async () => {
    const noisy = await enterAsGuest(server.url, 'مزعج');
    const socket = await connect(server.url, noisy.cookie);
    const errors: string[] = [];
    socket.on('error', (e) => errors.push(e.code));
    // Time stands still during the burst, however slowly a busy machine serves it.
    server.clock.freeze();
    for (let i = 0; i < 100; i++) raw(socket).emit('publicMessage', { bad: i });
    // Handled after all of them (one connection is served in order); then every answer has arrived.
    expect(await handled(socket, 'client_ping', {})).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    await settled(socket, server);
    // The first 30 are answered (each is its own mistake); past the budget, one notice.
    expect(errors.filter((code) => code === 'RATE_LIMITED')).toHaveLength(1);
    expect(errors.length).toBeLessThanOrEqual(31);

    // With time the budget refills and the socket is served again.
    await server.clock.advance(3000);
    server.clock.resume();
    const pong = nextEvent(socket, 'client_pong');
    socket.emit('client_ping', { timestamp: 1 });
    expect(await pong).toMatchObject({ timestamp: 1 });

    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    for (let i = 0; i < 300; i++) raw(socket).emit('typing', 'x');
    await gone;
  });
});

describe('connections', () => {
  it('refuses an old page with an Arabic reason to reload', async () => {
    const refusal = (protocol: number) =>
      connect(server.url, ali.cookie, {}, { protocol }).then(
        () => null,
        (error: Error & { data?: unknown }) => error.data,
      );
    expect(await refusal(1)).toEqual({ code: 'CLIENT_OUTDATED', message: ERROR_MESSAGES.CLIENT_OUTDATED });
  });

  it('lets one user hold at most ten sockets', async () => {
    const busy = await aMember(server, 'كثير النوافذ');
    const sockets = await Promise.all(Array.from({ length: 10 }, () => connect(server.url, busy.cookie)));
    const eleventh = await connect(server.url, busy.cookie).then(
      () => null,
      (error: Error & { data?: unknown }) => error.data,
    );
    expect(eleventh).toEqual({ code: 'TOO_MANY_CONNECTIONS', message: ERROR_MESSAGES.TOO_MANY_CONNECTIONS });
    sockets[0]!.close();
    await until(async () => {
      const again = await connect(server.url, busy.cookie).catch(() => null);
      if (again) sockets.push(again);
      return again !== null;
    });
    for (const socket of sockets) socket.close();
  });
});
