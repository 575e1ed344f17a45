import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Room } from '../../../shared/entities/room';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEvent,
  settled,
  startTestServer,
  until,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

const ROOM = 'broadcast';

describe('voice rooms', () => {
  let server: TestServer;
  let owner: SignedInClient;

  beforeAll(async () => {
    server = await startTestServer({
      voice: {
        ice: {
          servers: [{ urls: ['stun:stun.example.org:3478'] }, { urls: ['turn:turn.example.org:3478'] }],
          turnSecret: 'a-shared-secret-of-length',
          turnTtlSeconds: 600,
        },
        limits: { maxSpeakers: 2, turnSeconds: 0 },
      },
    });
    owner = await aMember(server, 'صاحب الموقع', 'owner');
  });
  afterAll(() => server?.close());

  /** A signed-in person in the broadcast room's voice session, through a socket of their own. */
  async function inVoice(who: SignedInClient): Promise<ClientSocket> {
    const socket = await connect(server.url, who.cookie);
    await joinRoom(socket, ROOM);
    const reply = await socket.timeout(3000).emitWithAck('voiceJoin', { roomId: ROOM });
    if (!reply.ok) throw new Error(`voiceJoin failed: ${reply.code}`);
    return socket;
  }
  const call = (who: SignedInClient, method: string, path: string, body?: unknown) =>
    api(server.url, path, { method, cookie: who.cookie, ...(body === undefined ? {} : { body }) });
  const roomNow = async () =>
    ((await api(server.url, '/api/rooms')).body.rooms as Room[]).find((room) => room.id === ROOM) as Room;
  const setHost = (userId: number | null) => call(owner, 'PUT', `/api/rooms/${ROOM}/host`, { userId });

  it('runs the queue: a hand goes up, the host hears it and brings the speaker up; everyone sees the room change', async () => {
    const [host, huda] = await Promise.all([aMember(server, 'مضيفة'), aMember(server, 'هدى')]);
    expect((await setHost(host.user.id)).status).toBe(200);
    const hostSocket = await inVoice(host);
    const hudaSocket = await inVoice(huda);

    expect((await call(huda, 'PUT', `/api/users/${huda.user.id}`, { gender: 'أنثى' })).status).toBe(200);
    const heard = nextEvent(hostSocket, 'micRequested', (e) => e.userId === huda.user.id);
    const queued = nextEvent(
      hudaSocket,
      'roomUpdate',
      (u) => u.type === 'roomChanged' && u.room.micQueue.includes(huda.user.id),
    );
    expect((await call(huda, 'POST', `/api/rooms/${ROOM}/mic/request`)).status).toBe(200);
    // The host's toast agrees with her: "هدى تطلب المايك".
    expect(await heard).toMatchObject({ roomId: ROOM, username: 'هدى', gender: 'أنثى' });
    await queued;

    // A listener cannot approve themselves, nor can anyone who is not the host.
    const self = await call(huda, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: huda.user.id });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);

    const approved = nextEvent(hudaSocket, 'micApproved', (e) => e.userId === huda.user.id);
    const approve = await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: huda.user.id });
    expect(approve.status).toBe(200);
    expect((approve.body.room as Room).speakers).toEqual([huda.user.id]);
    expect((approve.body.room as Room).micQueue).toEqual([]);
    await approved;
    expect((await roomNow()).speakers).toEqual([huda.user.id]);

    // The speaker steps down.
    const removed = nextEvent(hostSocket, 'speakerRemoved', (e) => e.userId === huda.user.id);
    expect((await call(huda, 'DELETE', `/api/rooms/${ROOM}/speakers/${huda.user.id}`)).status).toBe(200);
    expect((await removed).reason).toBe('steppedDown');
    hostSocket.close();
    hudaSocket.close();
    await until(async () => (await roomNow()).speakers.length === 0);
  });

  it('lets only the host and staff approve, reject or remove; and refuses visitors and people outside the session', async () => {
    const [host, sami, rami] = await Promise.all([
      aMember(server, 'مضيف'),
      aMember(server, 'سامي'),
      aMember(server, 'رامي'),
    ]);
    await setHost(host.user.id);
    const samiSocket = await inVoice(sami);
    const ramiSocket = await inVoice(rami);
    await call(sami, 'POST', `/api/rooms/${ROOM}/mic/request`);

    for (const [method, path, body] of [
      ['POST', `/api/rooms/${ROOM}/mic/approve`, { userId: sami.user.id }],
      ['POST', `/api/rooms/${ROOM}/mic/reject`, { userId: sami.user.id }],
    ] as const) {
      const refused = await call(rami, method, path, body);
      expect(refused.status).toBe(403);
    }
    // Staff may always act as host; rejection reaches the person.
    const rejected = nextEvent(samiSocket, 'micRejected', (e) => e.userId === sami.user.id);
    expect((await call(owner, 'POST', `/api/rooms/${ROOM}/mic/reject`, { userId: sami.user.id })).status).toBe(200);
    await rejected;
    expect((await roomNow()).micQueue).not.toContain(sami.user.id);
    // Approving someone who never asked is refused.
    expect((await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: rami.user.id })).body.code).toBe(
      'VOICE_NOT_IN_QUEUE',
    );

    // A non-host cannot send a speaker back.
    await call(sami, 'POST', `/api/rooms/${ROOM}/mic/request`);
    await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: sami.user.id });
    expect((await call(rami, 'DELETE', `/api/rooms/${ROOM}/speakers/${sami.user.id}`)).status).toBe(403);
    const removed = nextEvent(ramiSocket, 'speakerRemoved', (e) => e.userId === sami.user.id);
    expect((await call(host, 'DELETE', `/api/rooms/${ROOM}/speakers/${sami.user.id}`)).status).toBe(200);
    expect((await removed).reason).toBe('removed');

    // Someone outside the session cannot raise a hand; a visitor cannot join; a chat room has no voice.
    const outsider = await aMember(server, 'غريب');
    expect((await call(outsider, 'POST', `/api/rooms/${ROOM}/mic/request`)).body.code).toBe('VOICE_NOT_JOINED');
    const visitor = await enterAsGuest(server.url, 'زائر');
    const visitorSocket = await connect(server.url, visitor.cookie);
    await joinRoom(visitorSocket, ROOM);
    expect(await visitorSocket.timeout(3000).emitWithAck('voiceJoin', { roomId: ROOM })).toMatchObject({
      ok: false,
      code: 'VOICE_SIGN_IN',
      message: ERROR_MESSAGES.VOICE_SIGN_IN,
    });
    const chatter = await connect(server.url, outsider.cookie);
    await joinRoom(chatter, 'general');
    expect(await chatter.timeout(3000).emitWithAck('voiceJoin', { roomId: 'general' })).toMatchObject({
      ok: false,
      code: 'VOICE_NOT_AVAILABLE',
    });
    // Only the room the socket is in.
    expect(await chatter.timeout(3000).emitWithAck('voiceJoin', { roomId: ROOM })).toMatchObject({
      ok: false,
      code: 'ROOM_NOT_JOINED',
    });
    // Only staff name a host.
    expect((await call(host, 'PUT', `/api/rooms/${ROOM}/host`, { userId: host.user.id })).status).toBe(403);
    for (const socket of [samiSocket, ramiSocket, visitorSocket, chatter]) socket.close();
  });

  it('holds the speaker limit, and the host takes the microphone directly', async () => {
    const [host, a, b] = await Promise.all([
      aMember(server, 'مضيفة الحد'),
      aMember(server, 'أمل'),
      aMember(server, 'باسل'),
    ]);
    await setHost(host.user.id);
    const sockets = await Promise.all([inVoice(host), inVoice(a), inVoice(b)]);
    expect(((await call(host, 'POST', `/api/rooms/${ROOM}/mic/request`)).body.room as Room).speakers).toEqual([
      host.user.id,
    ]);
    await call(a, 'POST', `/api/rooms/${ROOM}/mic/request`);
    await call(b, 'POST', `/api/rooms/${ROOM}/mic/request`);
    expect((await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: a.user.id })).status).toBe(200);
    const full = await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: b.user.id });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(ERROR_MESSAGES.VOICE_SPEAKERS_FULL);
    expect((await roomNow()).speakers).toEqual([host.user.id, a.user.id]);
    expect((await roomNow()).micQueue).toEqual([b.user.id]);
    for (const socket of sockets) socket.close();
    await until(async () => (await roomNow()).speakers.length === 0 && (await roomNow()).micQueue.length === 0);
  });

  it('relays signals only within the session, with the sender from the session, within size and rate limits', async () => {
    const [host, lina, nabil] = await Promise.all([
      aMember(server, 'مضيف الإشارة'),
      aMember(server, 'لينا'),
      aMember(server, 'نبيل'),
    ]);
    await setHost(host.user.id);
    const hostSocket = await inVoice(host);
    const linaSocket = await inVoice(lina);

    const offer = nextEvent(linaSocket, 'webrtc-offer');
    const ack = await hostSocket.timeout(3000).emitWithAck('webrtc-offer', {
      roomId: ROOM,
      targetUserId: lina.user.id,
      senderId: lina.user.id,
      sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n',
    });
    expect(ack).toEqual({ ok: true });
    // The forged sender is replaced by the session's user.
    expect(await offer).toEqual({ roomId: ROOM, senderId: host.user.id, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' });

    const candidate = nextEvent(hostSocket, 'webrtc-ice-candidate');
    linaSocket.emit('webrtc-ice-candidate', {
      roomId: ROOM,
      targetUserId: host.user.id,
      candidate: { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    });
    expect((await candidate).senderId).toBe(lina.user.id);

    // In the room but not in its voice session: refused.
    const nabilSocket = await connect(server.url, nabil.cookie);
    await joinRoom(nabilSocket, ROOM);
    const heardByLina: unknown[] = [];
    linaSocket.on('webrtc-offer', (payload) => heardByLina.push(payload));
    expect(
      await nabilSocket
        .timeout(3000)
        .emitWithAck('webrtc-offer', { roomId: ROOM, targetUserId: lina.user.id, sdp: 'v=0' }),
    ).toMatchObject({ ok: false, code: 'VOICE_NOT_JOINED' });
    // To someone not in the session: nobody receives it.
    await hostSocket.timeout(3000).emitWithAck('webrtc-request-offer', { roomId: ROOM, targetUserId: nabil.user.id });
    // Too large.
    expect(
      await hostSocket
        .timeout(3000)
        .emitWithAck('webrtc-offer', { roomId: ROOM, targetUserId: lina.user.id, sdp: 'x'.repeat(20_000) }),
    ).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    await settled(linaSocket);
    expect(heardByLina).toEqual([]);

    // After leaving, no more signalling.
    expect(await linaSocket.timeout(3000).emitWithAck('voiceLeave', { roomId: ROOM })).toEqual({ ok: true });
    expect(
      await linaSocket.timeout(3000).emitWithAck('webrtc-request-offer', { roomId: ROOM, targetUserId: host.user.id }),
    ).toMatchObject({ ok: false, code: 'VOICE_NOT_JOINED' });
    for (const socket of [hostSocket, linaSocket, nabilSocket]) socket.close();
  });

  it('limits the signalling bytes per socket', async () => {
    const [a, b] = await Promise.all([aMember(server, 'سريع'), aMember(server, 'بطيء')]);
    const [aSocket, bSocket] = await Promise.all([inVoice(a), inVoice(b)]);
    server.clock.freeze();
    const offer = () =>
      aSocket
        .timeout(3000)
        .emitWithAck('webrtc-offer', { roomId: ROOM, targetUserId: b.user.id, sdp: 'v'.repeat(16_000) });
    const results = [];
    for (let i = 0; i < 13; i++) results.push(await offer());
    expect(results.slice(0, 12).every((r) => r.ok)).toBe(true);
    expect(results[12]).toMatchObject({ ok: false, code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
    // A second later there is room for one more.
    await server.clock.advance(1000);
    expect(await offer()).toEqual({ ok: true });
    server.clock.resume();
    aSocket.close();
    bSocket.close();
  });

  it('issues TURN credentials that expire, made from the shared secret', async () => {
    const member = await aMember(server, 'مستمع');
    const reply = await call(member, 'GET', '/api/voice/config');
    expect(reply.status).toBe(200);
    const { iceServers, credentialTtl, maxSpeakers } = reply.body as {
      iceServers: { urls: string[]; username?: string; credential?: string }[];
      credentialTtl: number;
      maxSpeakers: number;
    };
    expect(maxSpeakers).toBe(2);
    expect(credentialTtl).toBe(600);
    expect(iceServers[0]).toEqual({ urls: ['stun:stun.example.org:3478'] });
    const turn = iceServers[1];
    const [expiry, userId] = (turn?.username ?? '').split(':').map(Number);
    expect(userId).toBe(member.user.id);
    expect(expiry).toBeGreaterThan(Math.floor(server.clock.now() / 1000));
    const { createHmac } = await import('node:crypto');
    expect(turn?.credential).toBe(
      createHmac('sha1', 'a-shared-secret-of-length')
        .update(turn?.username ?? '')
        .digest('base64'),
    );
    expect((await api(server.url, '/api/voice/config')).status).toBe(401);
  });

  it('takes a speaker who disconnects off the stage, and a muted speaker off the microphone', async () => {
    const [host, gone, loud] = await Promise.all([
      aMember(server, 'مضيف التنظيف'),
      aMember(server, 'ذاهب'),
      aMember(server, 'عالٍ'),
    ]);
    await setHost(host.user.id);
    const hostSocket = await inVoice(host);
    const goneSocket = await inVoice(gone);
    const loudSocket = await inVoice(loud);
    for (const who of [gone, loud]) {
      await call(who, 'POST', `/api/rooms/${ROOM}/mic/request`);
      await call(host, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: who.user.id });
    }
    expect((await roomNow()).speakers).toEqual([gone.user.id, loud.user.id]);

    const dropped = nextEvent(hostSocket, 'speakerRemoved', (e) => e.userId === gone.user.id);
    goneSocket.close();
    expect((await dropped).reason).toBe('left');
    expect((await roomNow()).speakers).toEqual([loud.user.id]);

    const muted = nextEvent(hostSocket, 'speakerRemoved', (e) => e.userId === loud.user.id);
    const mute = await call(owner, 'POST', '/api/moderation/mute', {
      targetId: loud.user.id,
      durationMinutes: 10,
      reason: 'ضجيج',
    });
    expect(mute.status).toBe(200);
    expect((await muted).reason).toBe('sanctioned');
    // Muted: no hand either.
    expect((await call(loud, 'POST', `/api/rooms/${ROOM}/mic/request`)).body.code).toBe('MUTED');
    hostSocket.close();
    loudSocket.close();
  });
});

describe('a voice room with a turn length', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      voice: {
        ice: { servers: [], turnSecret: undefined, turnTtlSeconds: 3600 },
        limits: { maxSpeakers: 6, turnSeconds: 60 },
      },
    });
  });
  afterAll(() => server?.close());

  it('sends a speaker back to the audience when their turn is over', async () => {
    const owner = await aMember(server, 'مالك', 'owner');
    const speaker = await aMember(server, 'متكلم');
    const socket = await connect(server.url, speaker.cookie);
    await joinRoom(socket, ROOM);
    await socket.timeout(3000).emitWithAck('voiceJoin', { roomId: ROOM });
    const ownerSocket = await connect(server.url, owner.cookie);
    await joinRoom(ownerSocket, ROOM);
    await ownerSocket.timeout(3000).emitWithAck('voiceJoin', { roomId: ROOM });
    const call = (who: SignedInClient, method: string, path: string, body?: unknown) =>
      api(server.url, path, { method, cookie: who.cookie, ...(body === undefined ? {} : { body }) });
    await call(speaker, 'POST', `/api/rooms/${ROOM}/mic/request`);
    await call(owner, 'POST', `/api/rooms/${ROOM}/mic/approve`, { userId: speaker.user.id });

    const ended = nextEvent(socket, 'speakerRemoved', (e) => e.userId === speaker.user.id, 5000);
    await server.clock.advance(55_000);
    // Read under the room row's lock, after any turn check begun by then: still speaking.
    const underLock = await call(owner, 'DELETE', `/api/rooms/${ROOM}/mic/request`);
    expect((underLock.body.room as Room).speakers).toEqual([speaker.user.id]);
    const rooms = async () => ((await api(server.url, '/api/rooms')).body.rooms as Room[]).find((r) => r.id === ROOM);
    expect((await rooms())?.speakers).toEqual([speaker.user.id]);
    await server.clock.advance(10_000);
    expect((await ended).reason).toBe('turnEnded');
    expect((await rooms())?.speakers).toEqual([]);
    socket.close();
    ownerSocket.close();
  });
});
