import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { ROOM_IMAGE_MAX_BYTES } from '../../../shared/api/rooms';
import type { Room } from '../../../shared/entities/room';
import { roomSchema } from '../../../shared/entities/room';
import { denial, type Actor } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import {
  aMember,
  api,
  apiForm,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  type SignedInClient,
  startTestServer,
  type TestServer,
} from '../../testing/test-server';
import { aJpegWithExif, aPng, aPngClaiming } from '../../testing/test-images';

let server: TestServer;
let owner: SignedInClient;

beforeAll(async () => {
  server = await startTestServer();
  owner = await aMember(server, 'صاحب الموقع', 'owner');
});
afterAll(async () => {
  await server?.close();
});

const png = (data: Buffer) => ({ image: { data: new Uint8Array(data), type: 'image/png', name: 'صورة.png' } });

function createRoom(cookie: string, name: string, extra: { description?: string; image?: Buffer } = {}) {
  return apiForm(server.url, '/api/rooms', {
    cookie,
    fields: { name, description: extra.description ?? '', isBroadcast: 'false' },
    files: extra.image ? png(extra.image) : {},
  });
}

async function aRoom(name: string): Promise<Room> {
  const res = await createRoom(owner.cookie, name);
  expect(res.status).toBe(201);
  return res.body.room as Room;
}

const del = (cookie: string, roomId: string) => api(server.url, `/api/rooms/${roomId}`, { method: 'DELETE', cookie });

async function listed(): Promise<Room[]> {
  return (await api(server.url, '/api/rooms')).body.rooms as Room[];
}

async function someone(role: Role, name: string): Promise<SignedInClient> {
  return role === 'guest' ? enterAsGuest(server.url, name) : aMember(server, name, role);
}

describe('spec §6 over HTTP, with the interface bypassed', () => {
  const roles: Role[] = ['guest', 'member', 'moderator', 'admin', 'owner'];
  const nth = (role: Role) => `رتبة ${roles.indexOf(role) + 1}`;

  it.each(roles)('%s: create, change the picture, lock and delete as the policy says', async (role) => {
    const me = await someone(role, `${nth(role)} ${role === 'guest' ? 'ضيف' : 'مسجل'}`);
    const actor: Actor = { id: me.user.id, role };
    const expectOutcome = (
      res: { status: number; body: Record<string, unknown> },
      refused: string | null,
      ok = 200,
    ) => {
      if (refused)
        expect(res).toMatchObject({
          status: 403,
          body: { code: refused, message: ERROR_MESSAGES[refused as 'FORBIDDEN'] },
        });
      else expect(res.status).toBe(ok);
    };

    expectOutcome(await createRoom(me.cookie, `غرفة ${role}`), denial(actor, 'createRoom'), 201);

    const target = await aRoom(`هدف ${role}`);
    const icon = await apiForm(server.url, `/api/rooms/${target.id}/icon`, {
      method: 'PUT',
      cookie: me.cookie,
      files: png(await aPng()),
    });
    expectOutcome(icon, denial(actor, 'changeRoomIcon'));

    const lock = await api(server.url, `/api/rooms/${target.id}/lock`, {
      method: 'PUT',
      cookie: me.cookie,
      body: { isLocked: true },
    });
    expectOutcome(lock, denial(actor, 'lockRoom'));

    expectOutcome(await del(me.cookie, target.id), denial(actor, 'deleteRoom', target));
    expectOutcome(await del(me.cookie, 'general'), denial(actor, 'deleteRoom', { id: 'general', isDefault: true }));
  });

  it('refuses every room change without a session', async () => {
    const target = await aRoom('بلا جلسة');
    expect((await createRoom('', 'غرفة')).status).toBe(401);
    expect((await del('', target.id)).status).toBe(401);
    const icon = await apiForm(server.url, `/api/rooms/${target.id}/icon`, { method: 'PUT', files: png(await aPng()) });
    expect(icon.status).toBe(401);
  });
});

describe('creating rooms', () => {
  it('trims the name, gives an id, records the creator, and everyone hears of it', async () => {
    const admin = await aMember(server, 'سلمى', 'admin');
    const visitor = await enterAsGuest(server.url, 'متفرج');
    const watcher = await connect(server.url, visitor.cookie);
    const heard = nextEvent(watcher, 'roomUpdate', (u) => u.type === 'roomCreated');

    const res = await createRoom(admin.cookie, '  Café Talk  ', { description: '  سوالف المساء  ' });
    expect(res.status).toBe(201);
    const room = roomSchema.parse(res.body.room);
    expect(room).toMatchObject({
      id: 'cafe-talk',
      name: 'Café Talk',
      description: 'سوالف المساء',
      createdBy: admin.user.id,
      isDefault: false,
      isBroadcast: false,
      icon: null,
      userCount: 0,
    });
    expect(await heard).toEqual({ type: 'roomCreated', roomId: 'cafe-talk', room });
    expect((await listed()).map((r) => r.id)).toContain('cafe-talk');

    // The same name again, and an Arabic name, get ids of their own.
    const again = (await createRoom(admin.cookie, 'Café Talk')).body.room as Room;
    expect(again.id).toMatch(/^cafe-talk-[0-9a-f]{6}$/);
    const arabic = (await createRoom(admin.cookie, 'سهرة الخليج')).body.room as Room;
    expect(arabic.id).toMatch(/^room-[0-9a-f]{6}$/);

    // It can be entered and talked in at once.
    const socket = await connect(server.url, visitor.cookie);
    await joinRoom(socket, 'cafe-talk');
    const reply = await socket
      .timeout(3000)
      .emitWithAck('publicMessage', { roomId: 'cafe-talk', content: 'أول رسالة' });
    expect(reply).toMatchObject({ ok: true });
    socket.close();
    watcher.close();
  });

  it('refuses an empty or too long name and a too long description, in Arabic', async () => {
    for (const [name, code] of [
      ['   ', 'ROOM_NAME_REQUIRED'],
      ['ا'.repeat(41), 'ROOM_NAME_TOO_LONG'],
    ] as const) {
      expect(await createRoom(owner.cookie, name)).toMatchObject({
        status: 400,
        body: { code, message: ERROR_MESSAGES[code] },
      });
    }
    expect(await createRoom(owner.cookie, 'وصف طويل', { description: 'و'.repeat(201) })).toMatchObject({
      status: 400,
      body: { code: 'ROOM_DESCRIPTION_TOO_LONG' },
    });
    const noName = await apiForm(server.url, '/api/rooms', { cookie: owner.cookie, fields: { description: 'x' } });
    expect(noName).toMatchObject({ status: 400, body: { code: 'ROOM_NAME_REQUIRED' } });
    // Invisible and direction-flipping characters are not part of a name.
    expect(await createRoom(owner.cookie, '\u200b\u202e\u2066')).toMatchObject({
      status: 400,
      body: { code: 'ROOM_NAME_REQUIRED' },
    });
    const cleaned = await createRoom(owner.cookie, 'غرفة\u202e  الليل\u200b', { description: 'سهر\u2067 وسمر' });
    expect(cleaned.body.room).toMatchObject({ name: 'غرفة الليل', description: 'سهر وسمر' });
  });
});

describe('room pictures', () => {
  it('re-encodes an upload to a 256 px square WebP without its metadata, served as an image for a year', async () => {
    const res = await apiForm(server.url, '/api/rooms', {
      cookie: owner.cookie,
      fields: { name: 'غرفة بصورة', isBroadcast: 'true' },
      files: { image: { data: new Uint8Array(await aJpegWithExif()), type: 'image/jpeg', name: 'camera.jpg' } },
    });
    expect(res.status).toBe(201);
    const room = res.body.room as Room;
    expect(room.isBroadcast).toBe(true);
    expect(room.icon).toMatch(/^\/uploads\/rooms\/[0-9a-f]{32}\.webp$/);

    const image = await fetch(server.url + room.icon!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // Opened on its own, nothing in it may run.
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();

    // Stored in the server's data folder (a temporary one in tests), by content hash.
    const stored = readdirSync(path.join(server.config.dataDir, 'uploads', 'rooms'));
    expect(stored).toContain(path.basename(room.icon!));
  });

  it('changes a picture: everyone gets the room with its new picture', async () => {
    const room = await aRoom('غرفة تتغير صورتها');
    const visitor = await enterAsGuest(server.url, 'يرى الصورة');
    const watcher = await connect(server.url, visitor.cookie);
    const changed = nextEvent(watcher, 'roomUpdate', (u) => u.type === 'roomChanged' && u.roomId === room.id);
    const res = await apiForm(server.url, `/api/rooms/${room.id}/icon`, {
      method: 'PUT',
      cookie: owner.cookie,
      fields: { userId: String(owner.user.id) },
      files: png(await aPng(120, 400, '#b91c1c')),
    });
    expect(res.status).toBe(200);
    const icon = (res.body.room as Room).icon;
    expect(icon).toMatch(/^\/uploads\/rooms\/[0-9a-f]{32}\.webp$/);
    const update = await changed;
    expect(update.type === 'roomChanged' && update.room.icon).toBe(icon);
    watcher.close();
  });

  it('refuses a file that is not an image, or lies about its type (400, Arabic)', async () => {
    const room = await aRoom('غرفة الصور المزيفة');
    const attempts = [
      { data: Buffer.from('<html><script>alert(1)</script></html>'), type: 'image/png', name: 'x.png' },
      { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
      { data: await aPng(), type: 'image/jpeg', name: 'really-a-png.jpg' },
      { data: await aPng(), type: 'text/html', name: 'x.html' },
      { data: (await aPng()).subarray(0, 60), type: 'image/png', name: 'cut.png' },
    ];
    for (const file of attempts) {
      const res = await apiForm(server.url, `/api/rooms/${room.id}/icon`, {
        method: 'PUT',
        cookie: owner.cookie,
        files: { image: { ...file, data: new Uint8Array(file.data) } },
      });
      expect(res, file.name ?? file.type).toMatchObject({
        status: 400,
        body: { code: 'IMAGE_INVALID', message: ERROR_MESSAGES.IMAGE_INVALID },
      });
    }
    // A browser that does not know the type lets the bytes decide.
    const unknownType = await apiForm(server.url, `/api/rooms/${room.id}/icon`, {
      method: 'PUT',
      cookie: owner.cookie,
      files: { image: { data: new Uint8Array(await aPng()), type: 'application/octet-stream' } },
    });
    expect(unknownType.status).toBe(200);
    // A form with no picture changes nothing.
    const none = await apiForm(server.url, `/api/rooms/${room.id}/icon`, { method: 'PUT', cookie: owner.cookie });
    expect(none).toMatchObject({ status: 400, body: { code: 'IMAGE_INVALID' } });
  });

  it('refuses a file over the size limit, or a picture of too many pixels, with 413 and the Arabic text', async () => {
    const room = await aRoom('غرفة الصور الكبيرة');
    const big = new Uint8Array(ROOM_IMAGE_MAX_BYTES + 1).fill(7);
    big.set(await aPng(), 0);
    const tooBig = await apiForm(server.url, `/api/rooms/${room.id}/icon`, {
      method: 'PUT',
      cookie: owner.cookie,
      files: { image: { data: big, type: 'image/png' } },
    });
    expect(tooBig).toMatchObject({
      status: 413,
      body: { code: 'IMAGE_TOO_LARGE', message: ERROR_MESSAGES.IMAGE_TOO_LARGE },
    });
    const bomb = await createRoom(owner.cookie, 'قنبلة', { image: aPngClaiming(30_000, 30_000) });
    expect(bomb).toMatchObject({ status: 413, body: { code: 'IMAGE_TOO_LARGE' } });
    // Nothing was created by the refused form.
    expect((await listed()).some((r) => r.name === 'قنبلة')).toBe(false);
  });

  it('refuses a file in a field the endpoint does not take, and a second file', async () => {
    const res = await apiForm(server.url, '/api/rooms', {
      cookie: owner.cookie,
      fields: { name: 'حقول غريبة' },
      files: { script: { data: new Uint8Array(await aPng()), type: 'image/png' } },
    });
    expect(res.status).toBe(400);
    const form = new FormData();
    form.append('name', 'صورتان');
    for (let i = 0; i < 2; i += 1)
      form.append('image', new Blob([new Uint8Array(await aPng())], { type: 'image/png' }), 'a.png');
    const two = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { cookie: owner.cookie },
      body: form,
    });
    expect(two.status).toBe(413);
    expect(((await two.json()) as { message: string }).message).toBe(ERROR_MESSAGES.IMAGE_TOO_LARGE);
  });

  it('serves only stored pictures: no listing, no other file, no way out of the folder', async () => {
    for (const probe of [
      '/uploads/rooms/',
      '/uploads/rooms',
      '/uploads/',
      '/uploads/rooms/..%2F..%2Fsession-secret',
      '/uploads/rooms/%2e%2e/%2e%2e/session-secret',
      '/uploads/rooms/0123456789abcdef0123456789abcdef.webp',
      '/uploads/rooms/0123456789abcdef0123456789abcdef.html',
      '/uploads/rooms/.0123456789abcdef0123456789abcdef.webp.abc.tmp',
    ]) {
      const res = await fetch(server.url + probe);
      expect(res.status, probe).toBe(404);
      expect(res.headers.get('content-type'), probe).not.toMatch(/^image\//);
    }
  });
});

describe('deleting rooms', () => {
  it('moves everyone inside to the general room and tells them; the room is gone for everyone', async () => {
    const room = await aRoom('غرفة ستحذف');
    const [a, b, outside] = await Promise.all([
      enterAsGuest(server.url, 'داخل أول'),
      aMember(server, 'داخل ثان'),
      enterAsGuest(server.url, 'خارج الغرفة'),
    ]);
    const [sa, sb, so] = await Promise.all([
      connect(server.url, a.cookie),
      connect(server.url, b.cookie),
      connect(server.url, outside.cookie),
    ]);
    await Promise.all([joinRoom(sa, room.id), joinRoom(sb, room.id), joinRoom(so, 'egypt')]);
    await server.clock.advance(1100);

    const order: string[] = [];
    sa.on('roomUpdate', (u) => u.type === 'roomDeleted' && order.push('roomDeleted'));
    // Only the general room's: the deleted room's own join notices may still be arriving.
    sa.on(
      'message',
      (e) => (e.type === 'roomJoined' || e.type === 'onlineUsers') && e.roomId === 'general' && order.push(e.type),
    );
    const told = nextEvent(sa, 'roomUpdate', (u) => u.type === 'roomDeleted');
    const joined = nextEnvelope(sa, 'roomJoined', (e) => e.roomId === 'general');
    const online = nextEnvelope(sb, 'onlineUsers', (e) => e.roomId === 'general');
    const outsideTold = nextEvent(so, 'roomUpdate', (u) => u.type === 'roomDeleted');

    expect(await del(owner.cookie, room.id)).toMatchObject({ status: 200, body: { ok: true, movedTo: 'general' } });
    expect(await told).toEqual({ type: 'roomDeleted', roomId: room.id, movedTo: 'general' });
    expect(await outsideTold).toEqual({ type: 'roomDeleted', roomId: room.id, movedTo: 'general' });
    expect((await joined).room.id).toBe('general');
    expect((await online).users.map((u) => u.id)).toEqual(expect.arrayContaining([a.user.id, b.user.id]));
    expect(order).toEqual(['roomDeleted', 'roomJoined', 'onlineUsers']);

    // They are in the general room now: they hear it and can post there.
    const heard = nextEnvelope(sb, 'newMessage', (e) => e.message.content === 'وصلنا إلى العامة');
    expect(
      await sa.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'وصلنا إلى العامة' }),
    ).toMatchObject({ ok: true });
    await heard;

    // Nobody lists it, enters it, reads it or deletes it again.
    expect((await listed()).some((r) => r.id === room.id)).toBe(false);
    expect(await so.timeout(3000).emitWithAck('joinRoom', { roomId: room.id })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
    expect((await del(owner.cookie, room.id)).status).toBe(404);
    // The user's own next switch is not held back by the move.
    await joinRoom(sa, 'iraq');
    for (const s of [sa, sb, so]) s.close();
  });

  it('refuses default rooms and the rooms the site is built around, even to the owner', async () => {
    for (const id of ['general', 'egypt', 'broadcast']) {
      expect(await del(owner.cookie, id)).toMatchObject({
        status: 403,
        body: { code: 'ROOM_DEFAULT', message: ERROR_MESSAGES.ROOM_DEFAULT },
      });
    }
  });
});

describe('chat locks and the moderation log', () => {
  it('tells everyone of a chat lock change as chatLockUpdated', async () => {
    const moderator = await aMember(server, 'حارس الكتابة', 'moderator');
    const visitor = await enterAsGuest(server.url, 'قارئ');
    const socket = await connect(server.url, visitor.cookie);
    const heard = nextEvent(socket, 'chatLockUpdated', (e) => e.roomId === 'qatar');
    const res = await api(server.url, '/api/rooms/qatar/chat-lock', {
      method: 'PUT',
      cookie: moderator.cookie,
      body: { chatLockVisitors: true },
    });
    expect(res.status).toBe(200);
    expect(await heard).toEqual({ roomId: 'qatar', chatLockAll: false, chatLockVisitors: true });
    await api(server.url, '/api/rooms/qatar/chat-lock', {
      method: 'PUT',
      cookie: moderator.cookie,
      body: { chatLockVisitors: false },
    });
    socket.close();
  });

  it('records every room action and role change, with who did it', async () => {
    const admin = await aMember(server, 'رانيا', 'admin');
    const member = await aMember(server, 'عضو يرقى');
    const room = (await createRoom(admin.cookie, 'غرفة السجل')).body.room as Room;
    const put = (path: string, body: unknown) => api(server.url, path, { method: 'PUT', cookie: admin.cookie, body });
    await apiForm(server.url, `/api/rooms/${room.id}/icon`, {
      method: 'PUT',
      cookie: admin.cookie,
      files: png(await aPng()),
    });
    await put(`/api/rooms/${room.id}/lock`, { isLocked: true });
    await put(`/api/rooms/${room.id}/lock`, { isLocked: false });
    await put(`/api/rooms/${room.id}/chat-lock`, { chatLockAll: true });
    await del(admin.cookie, room.id);
    expect((await put(`/api/users/${member.user.id}/role`, { role: 'moderator' })).status).toBe(200);

    const { entries } = await server.app.services.moderationLog.list({ limit: 50, actorId: admin.user.id });
    expect(entries.map((e) => [e.action, e.roomId, e.targetId]).reverse()).toEqual([
      ['createRoom', room.id, null],
      ['roomIcon', room.id, null],
      ['lockRoom', room.id, null],
      ['unlockRoom', room.id, null],
      ['chatLock', room.id, null],
      ['deleteRoom', room.id, null],
      ['setRole', null, member.user.id],
    ]);
    expect(entries.every((e) => e.actorName === 'رانيا')).toBe(true);
    expect(entries[0]).toMatchObject({ action: 'setRole', reason: 'moderator', targetName: 'عضو يرقى' });
  });
});
