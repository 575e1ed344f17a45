import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomCountIn } from '../../shared/realtime/protocol';
import type { Room } from '../../shared/entities/room';
import {
  aMember,
  api,
  apiForm,
  connect,
  cookieFrom,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  startPeerNode,
  startTestServer,
  until,
  type TestServer,
} from '../testing/test-server';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import { aPng } from '../testing/test-images';

// Two processes behind a load balancer must act as one site: this needs the shared PostgreSQL and Redis.
const shared = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(shared)('two nodes sharing PostgreSQL and Redis', () => {
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    nodeA = await startTestServer();
    nodeB = await startPeerNode(nodeA);
  });
  afterAll(async () => {
    await nodeB?.close();
    await nodeA?.close();
  });

  it('deliver messages, presence and counts across nodes', async () => {
    const [ali, huda] = await Promise.all([enterAsGuest(nodeA.url, 'علي'), enterAsGuest(nodeB.url, 'هدى')]);
    // A name online on one node is taken on the other too.
    expect((await api(nodeB.url, '/api/auth/guest', { body: { username: 'علي' } })).status).toBe(409);

    const onA = await connect(nodeA.url, ali.cookie);
    const onB = await connect(nodeB.url, huda.cookie);
    await joinRoom(onA, 'tunisia');
    const seen = nextEnvelope(onA, 'userConnected', (e) => e.user.id === huda.user.id, 5000);
    const listed = nextEnvelope(onB, 'onlineUsers', () => true, 5000);
    await joinRoom(onB, 'tunisia');
    await seen;
    expect((await listed).users.map((u) => u.username).sort()).toEqual(['علي', 'هدى'].sort());

    const arrives = nextEnvelope(onB, 'newMessage', (e) => e.message.content === 'من العقدة الأولى', 5000);
    onA.emit('publicMessage', { roomId: 'tunisia', content: 'من العقدة الأولى' });
    expect((await arrives).message.sender?.username).toBe('علي');

    const rooms = (await api(nodeB.url, '/api/rooms')).body.rooms as Room[];
    expect(rooms.find((r) => r.id === 'tunisia')?.userCount).toBe(2);

    // The same user on both nodes is one entry, and leaves only when the last tab goes.
    const aliOnB = await connect(nodeB.url, ali.cookie);
    await joinRoom(aliOnB, 'tunisia');
    const left = nextEnvelope(onB, 'userDisconnected', (e) => e.userId === ali.user.id, 5000);
    const count = nextEvent(onB, 'roomUpdate', (u) => roomCountIn(u, 'tunisia') === 1, 5000);
    const onAId = onA.id!;
    onA.close();
    await until(() => !nodeA.app.io.of('/').sockets.has(onAId));
    expect(((await api(nodeA.url, '/api/rooms')).body.rooms as Room[]).find((r) => r.id === 'tunisia')?.userCount).toBe(
      2,
    );
    aliOnB.close();
    await left;
    await count;
    onB.close();
  });

  it('store a message tried on both nodes once: the room takes back the copy the second node announced', async () => {
    const [sulafa, badr] = await Promise.all([enterAsGuest(nodeA.url, 'سلافة'), enterAsGuest(nodeB.url, 'بدر')]);
    const sulafaOnA = await connect(nodeA.url, sulafa.cookie);
    const badrOnB = await connect(nodeB.url, badr.cookie);
    await joinRoom(sulafaOnA, 'oman');
    await joinRoom(badrOnB, 'oman');
    const payload = { roomId: 'oman', content: 'مرة على كل عقدة', clientMessageId: 'both-nodes-1' };
    const first = await sulafaOnA.timeout(5000).emitWithAck('publicMessage', payload);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    // The page lost the answer and tries again over HTTP, which reaches the other node.
    const withdrawn = nextEnvelope(badrOnB, 'messageDeleted', (e) => e.withdrawn === true, 5000);
    // (Refused as ROOM_NOT_JOINED until node B knows of the join made on A, as the page's outbox is.)
    let retry = await api(nodeB.url, '/api/messages/room/oman', { body: payload, cookie: sulafa.cookie });
    await until(async () => {
      if (retry.status === 403)
        retry = await api(nodeB.url, '/api/messages/room/oman', { body: payload, cookie: sulafa.cookie });
      return retry.status !== 403;
    }, 10_000);
    expect(retry.status).toBe(200);
    expect((retry.body.message as { id: number }).id).toBe(first.message.id);
    expect((await withdrawn).messageId).not.toBe(first.message.id);
    const latest = await api(nodeB.url, '/api/messages/room/oman/latest?limit=20', { cookie: badr.cookie });
    const stored = (latest.body.messages as { id: number; content: string }[]).filter(
      (m) => m.content === payload.content,
    );
    expect(stored.map((m) => m.id)).toEqual([first.message.id]);

    // Messages posted in turn on the two nodes get ids in that order (history and /since rely on it).
    const ids: number[] = [];
    for (const [socket, content] of [
      [sulafaOnA, 'أولاً من أ'],
      [badrOnB, 'ثانياً من ب'],
      [sulafaOnA, 'ثالثاً من أ'],
    ] as const) {
      const reply = await socket.timeout(5000).emitWithAck('publicMessage', { roomId: 'oman', content });
      if (reply.ok) ids.push(reply.message.id);
    }
    expect(ids).toHaveLength(3);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    sulafaOnA.close();
    badrOnB.close();
  });

  it('carry a change made over HTTP on one node to users on the other, and the next check uses it', async () => {
    const owner = await aMember(nodeA, 'صاحبة المكان', 'owner');
    const [nour, karim] = await Promise.all([aMember(nodeA, 'نور'), aMember(nodeA, 'كريم')]);
    const [nourOnB, karimOnB] = await Promise.all([connect(nodeB.url, nour.cookie), connect(nodeB.url, karim.cookie)]);
    await joinRoom(karimOnB, 'general');
    const put = (path: string, body: unknown, cookie = owner.cookie) =>
      api(nodeA.url, path, { method: 'PUT', body, cookie });

    // A lock made on A refuses entry on B as soon as B's users hear of it.
    const lockSeen = nextEvent(nourOnB, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.isLocked, 5000);
    expect((await put('/api/rooms/jordan/lock', { isLocked: true })).status).toBe(200);
    await lockSeen;
    expect(await nourOnB.timeout(3000).emitWithAck('joinRoom', { roomId: 'jordan' })).toMatchObject({
      ok: false,
      code: 'ROOM_LOCKED',
    });

    // A promotion made on A: her socket on B is staff for the very next check.
    const promoted = nextEnvelope(nourOnB, 'userUpdated', (e) => e.user.role === 'moderator', 5000);
    expect((await put(`/api/users/${nour.user.id}/role`, { role: 'moderator' })).status).toBe(200);
    await promoted;
    await nodeB.clock.advance(1000);
    await joinRoom(nourOnB, 'jordan');

    // A chat lock made on A is enforced on B's very next post.
    const chatLockSeen = nextEvent(karimOnB, 'roomUpdate', (u) => u.type === 'roomChanged' && u.room.chatLockAll, 5000);
    expect((await put('/api/rooms/general/chat-lock', { chatLockAll: true })).status).toBe(200);
    await chatLockSeen;
    expect(
      await karimOnB.timeout(3000).emitWithAck('publicMessage', { roomId: 'general', content: 'مرحبا' }),
    ).toMatchObject({
      ok: false,
      code: 'CHAT_LOCKED',
      message: ERROR_MESSAGES.CHAT_LOCKED,
    });
    await put('/api/rooms/general/chat-lock', { chatLockAll: false });
    await put('/api/rooms/jordan/lock', { isLocked: false });

    // Logging out on A closes the session's sockets on B.
    const closed = new Promise((resolve) => karimOnB.once('disconnect', resolve));
    expect((await api(nodeA.url, '/api/auth/logout', { method: 'POST', cookie: karim.cookie })).status).toBe(200);
    await closed;
    nourOnB.close();
  });

  it('list, open and use a room created on the other node, and move everyone out when it is deleted there', async () => {
    const admin = await aMember(nodeA, 'سلوى', 'admin');
    const [sami, hala] = await Promise.all([enterAsGuest(nodeB.url, 'سامي'), enterAsGuest(nodeB.url, 'هالة')]);
    const [samiOnB, halaOnB] = await Promise.all([connect(nodeB.url, sami.cookie), connect(nodeB.url, hala.cookie)]);

    const announced = nextEvent(samiOnB, 'roomUpdate', (u) => u.type === 'roomCreated', 5000);
    const created = await apiForm(nodeA.url, '/api/rooms', {
      cookie: admin.cookie,
      fields: { name: 'Two Nodes', description: 'غرفة من العقدة الأولى' },
      files: { image: { data: new Uint8Array(await aPng()), type: 'image/png', name: 'room.png' } },
    });
    expect(created.status).toBe(201);
    const room = created.body.room as Room;
    expect(await announced).toMatchObject({ type: 'roomCreated', roomId: room.id });

    // Node B lists it, serves its picture, lets people in and carries their messages.
    expect(((await api(nodeB.url, '/api/rooms')).body.rooms as Room[]).some((r) => r.id === room.id)).toBe(true);
    expect((await fetch(nodeB.url + room.icon!)).headers.get('content-type')).toBe('image/webp');
    await Promise.all([joinRoom(samiOnB, room.id), joinRoom(halaOnB, room.id)]);
    const heard = nextEnvelope(halaOnB, 'newMessage', (e) => e.message.content === 'مرحبا من العقدة الثانية', 5000);
    samiOnB.emit('publicMessage', { roomId: room.id, content: 'مرحبا من العقدة الثانية' });
    await heard;

    // Deleted on A: B's sockets inside are told, then moved to the general room by B.
    const told = nextEvent(samiOnB, 'roomUpdate', (u) => u.type === 'roomDeleted' && u.roomId === room.id, 5000);
    const moved = nextEnvelope(samiOnB, 'roomJoined', (e) => e.roomId === 'general', 5000);
    const listed = nextEnvelope(halaOnB, 'onlineUsers', (e) => e.roomId === 'general', 5000);
    expect((await api(nodeA.url, `/api/rooms/${room.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(
      200,
    );
    expect(await told).toMatchObject({ movedTo: 'general' });
    await moved;
    expect((await listed).users.map((u) => u.id)).toEqual(expect.arrayContaining([sami.user.id, hala.user.id]));
    await nodeB.clock.advance(1100);
    expect(await samiOnB.timeout(3000).emitWithAck('joinRoom', { roomId: room.id })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_FOUND',
    });
    samiOnB.close();
    halaOnB.close();
  });

  it('deliver a private message, typing and a read mark to both people on the other node', async () => {
    const [rami, dalia] = await Promise.all([enterAsGuest(nodeA.url, 'رامي'), enterAsGuest(nodeB.url, 'داليا')]);
    const [ramiOnA, ramiOnB, daliaOnB] = await Promise.all([
      connect(nodeA.url, rami.cookie),
      connect(nodeB.url, rami.cookie),
      connect(nodeB.url, dalia.cookie),
    ]);
    const isIt = ({ message }: { message: { content: string } }) => message.content === 'رسالة خاصة عبر العقدتين';
    const arrivals = [daliaOnB, ramiOnB, ramiOnA].map((socket) => nextEvent(socket, 'privateMessage', isIt, 5000));
    const sent = await api(nodeA.url, '/api/private-messages/send', {
      body: { receiverId: dalia.user.id, content: 'رسالة خاصة عبر العقدتين' },
      cookie: rami.cookie,
    });
    expect(sent.status).toBe(200);
    for (const arrival of arrivals) expect((await arrival).message.senderId).toBe(rami.user.id);

    const typing = nextEvent(daliaOnB, 'privateTyping', (e) => e.userId === rami.user.id, 5000);
    ramiOnA.emit('privateTyping', { targetUserId: dalia.user.id, isTyping: true });
    expect(await typing).toEqual({ userId: rami.user.id, isTyping: true });

    // Read on node B: the sender's tab on node A sees it read.
    const seenRead = nextEnvelope(ramiOnA, 'conversationRead', (e) => e.readerId === dalia.user.id, 5000);
    const read = await api(nodeB.url, `/api/private-messages/${rami.user.id}/read`, {
      method: 'POST',
      cookie: dalia.cookie,
    });
    expect(read.status).toBe(200);
    expect((await seenRead).lastReadMessageId).toBe((sent.body.message as { id: number }).id);
    for (const socket of [ramiOnA, ramiOnB, daliaOnB]) socket.close();
  });

  it("count a user's sockets across nodes", async () => {
    const many = await aMember(nodeA, 'نوافذ كثيرة');
    const sockets = await Promise.all(
      Array.from({ length: 10 }, (_, i) => connect(i % 2 ? nodeA.url : nodeB.url, many.cookie)),
    );
    for (const url of [nodeA.url, nodeB.url]) {
      const refused = await connect(url, many.cookie).then(
        () => null,
        (error: Error & { data?: { code?: string } }) => error.data?.code,
      );
      expect(refused).toBe('TOO_MANY_CONNECTIONS');
    }
    for (const socket of sockets) socket.close();
  });

  it('filter with a word list changed on the other node from the very next message', async () => {
    const admin = await aMember(nodeA, 'منيرة', 'admin');
    const writer = await aMember(nodeA, 'كاتب العقدتين');
    const onB = await connect(nodeB.url, writer.cookie);
    await joinRoom(onB, 'morocco');
    const setWords = (words: { word: string; action: string }[]) =>
      api(nodeA.url, '/api/moderation/words', { method: 'PUT', body: { words }, cookie: admin.cookie });
    const send = (content: string) => onB.timeout(3000).emitWithAck('publicMessage', { roomId: 'morocco', content });

    expect((await send('كلام مزعج')).ok).toBe(true);
    expect(
      (
        await setWords([
          { word: 'مزعج', action: 'block' },
          { word: 'سخيف', action: 'mask' },
        ])
      ).status,
    ).toBe(200);
    // Node B has the new list when A's answer arrives: asked at once, in its process, it filters.
    await expect(nodeB.app.services.words.screenMessage('كلام مزعج')).rejects.toMatchObject({
      code: 'MESSAGE_BLOCKED_WORD',
    });
    expect(await send('كلام مزعج')).toMatchObject({ ok: false, code: 'MESSAGE_BLOCKED_WORD' });
    expect(await send('كلام سخيف')).toMatchObject({ ok: true, message: { content: 'كلام ****' } });
    expect((await api(nodeB.url, '/api/auth/guest', { body: { username: 'مزعج جداً' } })).body.code).toBe(
      'NAME_BLOCKED_WORD',
    );
    expect((await setWords([])).status).toBe(200);
    expect(await send('كلام سخيف')).toMatchObject({ ok: true, message: { content: 'كلام سخيف' } });
    onB.close();
  });

  it("count one account's messages together on both nodes", async () => {
    const { windowMs, perUser } = nodeA.config.messageFlood;
    // Both clocks stopped at one instant, at the start of a window neither has counted in.
    nodeA.clock.freeze();
    nodeB.clock.freeze();
    const target = (Math.floor(Math.max(nodeA.clock.now(), nodeB.clock.now()) / windowMs) + 3) * windowMs + 1000;
    await nodeA.clock.advance(target - nodeA.clock.now());
    await nodeB.clock.advance(target - nodeB.clock.now());
    try {
      const member = await aMember(nodeA, 'كثير الكلام');
      const [onA, onB] = await Promise.all([connect(nodeA.url, member.cookie), connect(nodeB.url, member.cookie)]);
      await Promise.all([joinRoom(onA, 'comoros'), joinRoom(onB, 'comoros')]);
      const send = (socket: typeof onA, i: number) =>
        socket.timeout(3000).emitWithAck('publicMessage', { roomId: 'comoros', content: `رسالة العقدتين ${i}` });
      const half = Math.floor(perUser.member / 2);
      for (let i = 0; i < perUser.member; i++) expect((await send(i < half ? onA : onB, i)).ok).toBe(true);
      for (const socket of [onA, onB])
        expect(await send(socket, 99)).toMatchObject({ ok: false, code: 'MESSAGE_RATE_LIMITED' });
      onA.close();
      onB.close();
    } finally {
      nodeA.clock.resume();
      nodeB.clock.resume();
    }
  });

  it('tell staff of a report made on the other node, and the reporter of its outcome', async () => {
    const moderator = await aMember(nodeA, 'وفاء', 'moderator');
    const [reporter, reported] = await Promise.all([aMember(nodeB, 'مبلغ العقدة'), aMember(nodeB, 'المبلغ عنه')]);
    const [staffOnA, reporterOnB] = await Promise.all([
      connect(nodeA.url, moderator.cookie),
      connect(nodeB.url, reporter.cookie),
    ]);
    const staffHears = nextEnvelope(staffOnA, 'reportCreated', (e) => e.report.userId === reported.user.id, 5000);
    const made = await api(nodeB.url, '/api/reports', {
      body: { userId: reported.user.id, reason: 'إزعاج' },
      cookie: reporter.cookie,
    });
    expect(made.status).toBe(201);
    const { report } = await staffHears;
    const told = nextEnvelope(reporterOnB, 'systemNotification', () => true, 5000);
    const closed = await api(nodeA.url, `/api/reports/${report.id}`, {
      method: 'PUT',
      body: { status: 'actioned', outcome: 'تم التنبيه' },
      cookie: moderator.cookie,
    });
    expect(closed.status).toBe(200);
    expect((await told).text).toMatch(/تم التنبيه$/);
    staffOnA.close();
    reporterOnB.close();
  });

  it('carry a kick made on one node to the other, and keep it through a restart', async () => {
    const moderator = await aMember(nodeA, 'حارس الليل', 'moderator');
    const target = await api(nodeA.url, '/api/auth/guest', {
      body: { username: 'مطرود عابر' },
      headers: { 'x-device-id': 'multi-node-device-1' },
    });
    const cookie = cookieFrom(target.headers);
    const targetId = (target.body.user as { id: number }).id;
    const onB = await connect(nodeB.url, cookie, { deviceId: 'multi-node-device-1' });
    const kicked = nextEvent(onB, 'kicked', () => true, 5000);
    const gone = new Promise((resolve) => onB.once('disconnect', resolve));
    const res = await api(nodeA.url, '/api/moderation/kick', {
      body: { targetId, durationMinutes: 30 },
      cookie: moderator.cookie,
    });
    expect(res.status).toBe(200);
    expect(await kicked).toMatchObject({ moderator: moderator.user.username, duration: 30 });
    await gone;

    // Node B refuses the device too, and so does a node started afresh on the same database.
    const onBAgain = await api(nodeB.url, '/api/auth/guest', {
      body: { username: 'اسم آخر' },
      headers: { 'x-device-id': 'multi-node-device-1' },
    });
    expect([onBAgain.status, onBAgain.body.code]).toEqual([403, 'BANNED']);
    const restarted = await startTestServer({
      databaseUrl: nodeA.config.databaseUrl,
      redisPrefix: nodeA.config.redisPrefix,
      sessionSecret: nodeA.config.sessionSecret,
    });
    try {
      const afterRestart = await api(restarted.url, '/api/auth/guest', {
        body: { username: 'بعد الإقلاع' },
        headers: { 'x-device-id': 'multi-node-device-1' },
      });
      expect([afterRestart.status, afterRestart.body.code]).toEqual([403, 'BANNED']);
    } finally {
      await restarted.close();
    }
  });

  it('bar a kicked account and its device on the other node: sign-in, reconnect, open pages, and after a restart', async () => {
    const moderator = await aMember(nodeA, 'حارس الفجر', 'moderator');
    const deviceId = 'multi-node-device-3';
    const login = (url: string, username: string, device: string) =>
      api(url, '/api/auth/login', {
        body: { username, password: 'password-123' },
        headers: { 'x-device-id': device },
      });
    await aMember(nodeA, 'مطرود العقدتين');
    await aMember(nodeA, 'جار الجهاز');
    const target = await login(nodeB.url, 'مطرود العقدتين', deviceId);
    const neighbour = await login(nodeB.url, 'جار الجهاز', deviceId);
    const targetId = (target.body.user as { id: number }).id;
    // Both are on node B, on one device; the neighbour is in a room.
    const [targetOnB, neighbourOnB] = await Promise.all([
      connect(nodeB.url, cookieFrom(target.headers), { deviceId }),
      connect(nodeB.url, cookieFrom(neighbour.headers), { deviceId }),
    ]);
    await joinRoom(neighbourOnB, 'sudan');
    const kicked = nextEvent(targetOnB, 'kicked', () => true, 5000);
    const neighbourGone = new Promise((resolve) => neighbourOnB.once('disconnect', resolve));
    const kick = await api(nodeA.url, '/api/moderation/kick', { body: { targetId }, cookie: moderator.cookie });
    expect(kick.status).toBe(200);
    const endsAt = Date.parse((kick.body.sanction as { expiresAt: string }).expiresAt);
    expect(await kicked).toMatchObject({ duration: 15 });
    await neighbourGone;

    // On node B: the account from a new device, the neighbour's reconnect from the device.
    const again = await login(nodeB.url, 'مطرود العقدتين', 'a-fresh-device');
    expect([again.status, again.body.code]).toEqual([403, 'BANNED']);
    const reconnect = await connect(nodeB.url, cookieFrom(neighbour.headers), { deviceId }).then(
      () => null,
      (error: Error & { data?: { code: string; timeLeft?: number } }) => error.data,
    );
    expect(reconnect?.code).toBe('BANNED');
    expect(reconnect?.timeLeft).toBeGreaterThan(14 * 60);
    // A node started afresh on the same database and Redis forgives nobody.
    const restarted = await startTestServer({
      databaseUrl: nodeA.config.databaseUrl,
      redisPrefix: nodeA.config.redisPrefix,
      sessionSecret: nodeA.config.sessionSecret,
    });
    try {
      const afterRestart = await login(restarted.url, 'مطرود العقدتين', 'yet-another-device');
      expect([afterRestart.status, afterRestart.body.code]).toEqual([403, 'BANNED']);
      const neighbourThere = await connect(restarted.url, cookieFrom(neighbour.headers), { deviceId }).then(
        () => null,
        (error: Error & { data?: { code: string } }) => error.data,
      );
      expect(neighbourThere?.code).toBe('BANNED');
      // Once the fifteen minutes are over (on the restarted node's clock), the account is back.
      await restarted.clock.advance(endsAt - restarted.clock.now() + 1000);
      const back = await login(restarted.url, 'مطرود العقدتين', deviceId);
      expect([back.status, back.body.code]).toEqual([200, undefined]);
      const socket = await connect(restarted.url, cookieFrom(back.headers), { deviceId });
      await joinRoom(socket, 'sudan');
      socket.close();
    } finally {
      await restarted.close();
    }
  });

  it('carry a block made on one node to the other, and keep it through a restart until it is lifted', async () => {
    const admin = await aMember(nodeA, 'حارسة النهار', 'admin');
    const target = await aMember(nodeA, 'محظور دائم');
    const onA = await connect(nodeA.url, target.cookie, { deviceId: 'multi-node-device-2' });
    const onB = await connect(nodeB.url, target.cookie, { deviceId: 'multi-node-device-2' });
    const blockedOnA = nextEvent(onA, 'blocked', () => true, 5000);
    const goneFromB = new Promise((resolve) => onB.once('disconnect', resolve));
    const res = await api(nodeB.url, '/api/moderation/block', {
      body: { targetId: target.user.id },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    await blockedOnA;
    await goneFromB;

    const login = (url: string) =>
      api(url, '/api/auth/login', {
        body: { username: 'محظور دائم', password: 'password-123' },
        headers: { 'x-device-id': 'another-device' },
      });
    expect([(await login(nodeA.url)).status, (await login(nodeA.url)).body.code]).toEqual([403, 'BLOCKED']);
    const restarted = await startTestServer({
      databaseUrl: nodeA.config.databaseUrl,
      redisPrefix: nodeA.config.redisPrefix,
      sessionSecret: nodeA.config.sessionSecret,
    });
    try {
      const afterRestart = await login(restarted.url);
      expect([afterRestart.status, afterRestart.body.code]).toEqual([403, 'BLOCKED']);
      // The blocked device stays out under any account.
      const fromDevice = await api(restarted.url, '/api/auth/guest', {
        body: { username: 'جهاز محظور' },
        headers: { 'x-device-id': 'multi-node-device-2' },
      });
      expect([fromDevice.status, fromDevice.body.code]).toEqual([403, 'DEVICE_BLOCKED']);
      const lifted = await api(restarted.url, `/api/moderation/block/${target.user.id}`, {
        method: 'DELETE',
        cookie: admin.cookie,
      });
      expect(lifted.status).toBe(200);
      expect((await login(nodeB.url)).status).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
