import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import { VOICE_NOTE_MAX_BYTES, type UploadedVoiceNote } from '../../../shared/api/voice-notes';
import type { Message } from '../../../shared/entities/message';
import { anOggOpus, aWaveform, aWebmOpus } from '../../testing/test-audio';
import {
  aMember,
  api,
  apiForm,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  recordEnvelopes,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
  until,
} from '../../testing/test-server';
import { DAY_MS } from '../retention';
import { messages } from '../../db/schema';

let server: TestServer;
let owner: SignedInClient;
let moderator: SignedInClient;
let layla: SignedInClient;
let karim: SignedInClient;
let visitor: SignedInClient;
const sockets: ClientSocket[] = [];

async function tab(who: SignedInClient, roomId?: string): Promise<ClientSocket> {
  const socket = await connect(server.url, who.cookie);
  sockets.push(socket);
  if (roomId) await joinRoom(socket, roomId);
  return socket;
}

function upload(
  who: SignedInClient,
  data: Uint8Array<ArrayBuffer> = aWebmOpus({ durationMs: 3_000 }),
  type = 'audio/webm;codecs=opus',
  waveform = aWaveform(),
) {
  return apiForm(server.url, '/api/uploads/voice', {
    cookie: who.cookie,
    fields: { waveform },
    files: { audio: { data, type, name: 'voice.webm' } },
  });
}

async function uploaded(who: SignedInClient, durationMs = 3_000): Promise<UploadedVoiceNote> {
  const res = await upload(who, aWebmOpus({ durationMs }));
  expect(res.status).toBe(200);
  return res.body.voiceNote as UploadedVoiceNote;
}

async function messageExists(id: number): Promise<boolean> {
  const rows = await server.app.database.db.select({ id: messages.id }).from(messages).where(eq(messages.id, id));
  return rows.length > 0;
}

const fileOf = (note: UploadedVoiceNote) =>
  path.join(server.config.dataDir, note.url.replace(/^\/uploads\//, 'uploads/'));

function sendToRoom(who: SignedInClient, note: UploadedVoiceNote, clientMessageId: string, roomId = 'general') {
  return api(server.url, `/api/messages/room/${roomId}`, {
    cookie: who.cookie,
    body: { content: note.url, messageType: 'voice', clientMessageId },
  });
}

function sendPrivately(who: SignedInClient, to: SignedInClient, note: UploadedVoiceNote, clientMessageId: string) {
  return api(server.url, '/api/private-messages/send', {
    cookie: who.cookie,
    body: { receiverId: to.user.id, content: note.url, messageType: 'voice', clientMessageId },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, moderator, layla, karim, visitor] = await Promise.all([
    aMember(server, 'صاحب_الموقع', 'owner'),
    aMember(server, 'حارس_الغرف', 'moderator'),
    aMember(server, 'ليلى_ص'),
    aMember(server, 'كريم_ص'),
    enterAsGuest(server.url, 'زائر_ص'),
  ]);
  // The HTTP send posts into the room one last joined.
  await tab(layla, 'general');
  await tab(karim, 'general');
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

// Each test starts with a clear flood allowance.
beforeEach(() => server.clock.advance(60_000));

describe('uploading a voice note', () => {
  it('measures a streamed WebM from its blocks and stores it, served as audio with byte ranges', async () => {
    const res = await upload(layla, aWebmOpus({ durationMs: 4_200 }));
    expect(res.status).toBe(200);
    const note = res.body.voiceNote as UploadedVoiceNote;
    expect(note.url).toMatch(new RegExp(`^/uploads/voice/${layla.user.id}/[0-9a-f]{32}\\.webm$`));
    expect(note.durationMs).toBe(4_200);
    expect(note.waveform).toHaveLength(48);
    expect(existsSync(fileOf(note))).toBe(true);

    const whole = await fetch(server.url + note.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const part = await fetch(server.url + note.url, { headers: { range: 'bytes=4-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-9/${bytes.length}`);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([...bytes.subarray(4, 10)]);
  });

  it('accepts Ogg Opus too, whatever the browser called it', async () => {
    const res = await upload(layla, anOggOpus(2_500), 'application/octet-stream');
    expect(res.status).toBe(200);
    expect((res.body.voiceNote as UploadedVoiceNote).url).toMatch(/\.ogg$/);
    expect((res.body.voiceNote as UploadedVoiceNote).durationMs).toBe(2_500);
  });

  it('reads the type from the bytes: a file that is not Opus audio, or lies about its type, is refused', async () => {
    const mp3 = new Uint8Array(new TextEncoder().encode('ID3\u0004 pretending to be a recording'));
    const notAudio = await upload(layla, mp3, 'audio/webm');
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_INVALID);
    const lying = await upload(layla, aWebmOpus({ durationMs: 2_000 }), 'audio/ogg');
    expect(lying.status).toBe(400);
    expect(lying.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_TYPE_MISMATCH);
    const video = await upload(layla, aWebmOpus({ durationMs: 2_000, trackType: 1 }), 'video/webm');
    expect(video.status).toBe(400);
    const image = await upload(layla, aWebmOpus({ durationMs: 2_000 }), 'image/png');
    expect(image.status).toBe(400);
    expect(image.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_TYPE_MISMATCH);
  });

  it('refuses more than 60 s (measured, whatever the header says), more than 1 MB, and a bad waveform', async () => {
    const long = await upload(layla, aWebmOpus({ durationMs: 75_000, headerDurationMs: 10_000 }));
    expect(long.status).toBe(413);
    expect(long.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_TOO_LONG);
    expect((await upload(layla, aWebmOpus({ durationMs: 60_000 }))).status).toBe(200);
    const big = await upload(layla, aWebmOpus({ durationMs: 40_000, packetBytes: 600 }));
    expect(aWebmOpus({ durationMs: 40_000, packetBytes: 600 }).length).toBeGreaterThan(VOICE_NOTE_MAX_BYTES);
    expect(big.status).toBe(413);
    const short = await upload(layla, aWebmOpus({ durationMs: 100 }));
    expect(short.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_TOO_SHORT);
    const badWave = await upload(layla, undefined, undefined, '1,2,3');
    expect(badWave.status).toBe(400);
    const outOfRange = await upload(layla, undefined, undefined, Array.from({ length: 48 }, () => 900).join(','));
    expect(outOfRange.status).toBe(400);
  });

  it('needs a session, and serves only the names it writes', async () => {
    const res = await apiForm(server.url, '/api/uploads/voice', {
      fields: { waveform: aWaveform() },
      files: { audio: { data: aWebmOpus({ durationMs: 1_000 }), type: 'audio/webm' } },
    });
    expect(res.status).toBe(401);
    expect((await fetch(`${server.url}/uploads/voice/1/..%2F..%2Fsecret`)).status).toBe(404);
    expect((await fetch(`${server.url}/uploads/voice/${layla.user.id}/${'0'.repeat(32)}.webm`)).status).toBe(404);
  });
});

describe('who may send voice notes', () => {
  it('refuses visitors until the owner allows them, and only the owner may', async () => {
    const refused = await upload(visitor);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_SIGN_IN);
    expect((await api(server.url, '/api/settings/voice-notes')).body).toEqual({ guestsAllowed: false });
    const notTheirs = await api(server.url, '/api/settings/voice-notes', {
      method: 'PUT',
      cookie: moderator.cookie,
      body: { guestsAllowed: true },
    });
    expect(notTheirs.status).toBe(403);

    const allow = (guestsAllowed: boolean) =>
      api(server.url, '/api/settings/voice-notes', { method: 'PUT', cookie: owner.cookie, body: { guestsAllowed } });
    expect((await allow(true)).status).toBe(200);
    try {
      expect((await api(server.url, '/api/settings/voice-notes')).body).toEqual({ guestsAllowed: true });
      const visitorTab = await tab(visitor, 'general');
      const note = await uploaded(visitor);
      const ack = await visitorTab.emitWithAck('publicMessage', {
        roomId: 'general',
        content: note.url,
        messageType: 'voice',
        clientMessageId: 'guest-voice-1',
      });
      expect(ack.ok).toBe(true);
      // Taken back: a note uploaded while allowed is not sent now.
      const later = await uploaded(visitor);
      await allow(false);
      const after = await visitorTab.emitWithAck('publicMessage', {
        roomId: 'general',
        content: later.url,
        messageType: 'voice',
        clientMessageId: 'guest-voice-2',
      });
      expect(after.ok).toBe(false);
      expect(!after.ok && after.code).toBe('VOICE_NOTE_SIGN_IN');
    } finally {
      await allow(false);
    }
  });

  it('only the uploader may send a note, once', async () => {
    const note = await uploaded(layla);
    const stolen = await sendToRoom(karim, note, 'stolen-1');
    expect(stolen.status).toBe(403);
    expect(stolen.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_NOT_YOURS);
    const made = await sendToRoom(
      layla,
      { ...note, url: `/uploads/voice/${layla.user.id}/${'a'.repeat(32)}.webm` },
      'm-1',
    );
    expect(made.status).toBe(400);
    expect(made.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_NOT_FOUND);
    const first = await sendToRoom(layla, note, 'once-1');
    expect(first.status).toBe(200);
    // A retry of the same send is the same message; another send of the same note is refused.
    const retry = await sendToRoom(layla, note, 'once-1');
    expect((retry.body.message as Message).id).toBe((first.body.message as Message).id);
    server.clock.advance(60_000);
    const again = await sendToRoom(layla, note, 'once-2');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ERROR_MESSAGES.VOICE_NOTE_ALREADY_SENT);
  });

  it('is refused while muted and in a chat-locked room, as text is', async () => {
    const note = await uploaded(karim);
    const lock = (chatLockAll: boolean) =>
      api(server.url, '/api/rooms/general/chat-lock', {
        method: 'PUT',
        cookie: moderator.cookie,
        body: { chatLockAll },
      });
    expect((await lock(true)).status).toBe(200);
    try {
      const locked = await sendToRoom(karim, note, 'locked-1');
      expect(locked.status).toBe(403);
      expect(locked.body.message).toBe(ERROR_MESSAGES.CHAT_LOCKED);
    } finally {
      await lock(false);
    }
    const muted = await api(server.url, '/api/moderation/mute', {
      method: 'POST',
      cookie: moderator.cookie,
      body: { targetId: karim.user.id, durationMinutes: 5 },
    });
    expect(muted.status).toBe(200);
    try {
      const inRoom = await sendToRoom(karim, note, 'muted-1');
      expect(inRoom.status).toBe(403);
      expect(inRoom.body.code).toBe('MUTED');
      const privately = await sendPrivately(karim, layla, note, 'muted-2');
      expect(privately.status).toBe(403);
      expect(privately.body.code).toBe('MUTED');
    } finally {
      await api(server.url, `/api/moderation/mute/${karim.user.id}`, { method: 'DELETE', cookie: moderator.cookie });
    }
  });

  it('is held by flood control as text is', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 12; i++) {
      const note = await uploaded(karim);
      sent.push((await sendToRoom(karim, note, `flood-${i}`)).status);
    }
    expect(sent).toContain(429);
  });
});

describe('voice messages', () => {
  it('reach the room live with their address, length and waveform, and history carries them', async () => {
    const [laylaTab, karimTab] = await Promise.all([tab(layla, 'general'), tab(karim, 'general')]);
    const note = await uploaded(layla, 5_000);
    const arrived = nextEnvelope(karimTab, 'newMessage', (e) => e.message.messageType === 'voice');
    const ack = await laylaTab.emitWithAck('publicMessage', {
      roomId: 'general',
      content: note.url,
      messageType: 'voice',
      clientMessageId: 'voice-room-1',
    });
    expect(ack.ok).toBe(true);
    const { message } = await arrived;
    expect(message.content).toBe(note.url);
    expect(message.attachments).toEqual([{ url: note.url, type: 'voice', durationMs: 5_000, waveform: note.waveform }]);
    const latest = await api(server.url, '/api/messages/room/general/latest', { cookie: karim.cookie });
    const stored = (latest.body.messages as Message[]).find((m) => m.id === message.id);
    expect(stored?.attachments[0]).toMatchObject({ type: 'voice', durationMs: 5_000 });
    // A reply quotes it as a voice note, not as its address.
    const reply = await karimTab.emitWithAck('publicMessage', {
      roomId: 'general',
      content: 'صوتك جميل',
      clientMessageId: 'voice-reply-1',
      replyToId: message.id,
    });
    expect(reply.ok && reply.message.replyTo?.excerpt).toBe('🎤');
  });

  it('reach both people of a private conversation live', async () => {
    const [laylaTab, karimTab] = await Promise.all([tab(layla), tab(karim)]);
    const note = await uploaded(karim, 2_000);
    const toLayla = nextEvent(laylaTab, 'privateMessage', ({ message }) => message.messageType === 'voice');
    const toKarim = nextEvent(karimTab, 'privateMessage', ({ message }) => message.messageType === 'voice');
    const res = await sendPrivately(karim, layla, note, 'voice-pm-1');
    expect(res.status).toBe(200);
    for (const { message } of await Promise.all([toLayla, toKarim])) {
      expect(message.content).toBe(note.url);
      expect(message.attachments[0]).toMatchObject({ type: 'voice', durationMs: 2_000 });
    }
  });

  it('do not reach someone who ignores the sender, in the room or privately', async () => {
    const ignorer = await aMember(server, 'سعيد_ص');
    const socket = await tab(ignorer, 'general');
    const ignored = await api(server.url, `/api/users/${ignorer.user.id}/ignore/${layla.user.id}`, {
      method: 'POST',
      cookie: ignorer.cookie,
    });
    expect(ignored.status).toBe(200);
    const seen = recordEnvelopes(socket);
    const privateSeen: unknown[] = [];
    socket.on('privateMessage', (payload) => privateSeen.push(payload));
    const karimTab = await tab(karim, 'general');
    const karimHears = nextEnvelope(karimTab, 'newMessage', (e) => e.message.messageType === 'voice');
    expect((await sendToRoom(layla, await uploaded(layla), 'ignored-room-1')).status).toBe(200);
    await karimHears;
    server.clock.advance(60_000);
    expect((await sendPrivately(layla, ignorer, await uploaded(layla), 'ignored-pm-1')).status).toBe(200);
    await settled(socket, server);
    expect(seen.filter((e) => e.type === 'newMessage')).toEqual([]);
    expect(privateSeen).toEqual([]);
  });
});

describe('voice notes over time', () => {
  it('are deleted with their files once their message is gone, or a day after an upload never sent', async () => {
    const neverSent = await uploaded(layla);
    const sentPrivately = await uploaded(layla);
    const sent = await sendPrivately(layla, karim, sentPrivately, 'retained-pm-1');
    expect(sent.status).toBe(200);
    const sentMessage = sent.body.message as Message;
    const pass = () => server.app.services.retention.runPass();

    await server.clock.advance(DAY_MS + 60_000);
    // The clock's advance runs the hourly pass; one more makes sure.
    await pass();
    // The pass the advance started may still be removing the file.
    await until(() => !existsSync(fileOf(neverSent)));
    expect((await fetch(server.url + neverSent.url)).status).toBe(404);
    expect(existsSync(fileOf(sentPrivately))).toBe(true);

    // Past the private messages' period: the message goes, and its note with it.
    await server.clock.advance(8 * DAY_MS);
    await pass();
    expect(await messageExists(sentMessage.id)).toBe(false);
    await until(() => !existsSync(fileOf(sentPrivately)));
  });

  it('go at once, file and all, when their sender deletes the message', async () => {
    const note = await uploaded(karim);
    const sent = await sendToRoom(karim, note, 'deleted-room-1');
    expect(sent.status).toBe(200);
    const roomMessage = sent.body.message as Message;
    expect(existsSync(fileOf(note))).toBe(true);
    const deleted = await api(server.url, `/api/messages/${roomMessage.id}`, {
      method: 'DELETE',
      cookie: karim.cookie,
    });
    expect(deleted.status).toBe(200);
    await until(() => !existsSync(fileOf(note)));
    expect((await fetch(server.url + note.url)).status).toBe(404);

    server.clock.advance(60_000);
    const privateNote = await uploaded(karim);
    const pm = await sendPrivately(karim, layla, privateNote, 'deleted-pm-1');
    expect(pm.status).toBe(200);
    const gone = await api(server.url, `/api/private-messages/${(pm.body.message as Message).id}`, {
      method: 'DELETE',
      cookie: karim.cookie,
    });
    expect(gone.status).toBe(200);
    await until(() => !existsSync(fileOf(privateNote)));
  });

  it('are in the data export, and their files go with a deleted account', async () => {
    const leaving = await aMember(server, 'مغادر_ص');
    const note = await uploaded(leaving);
    const exported = await api(server.url, `/api/users/${leaving.user.id}/export`, { cookie: leaving.cookie });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(note.url);
    const deleted = await api(server.url, `/api/users/${leaving.user.id}`, {
      method: 'DELETE',
      cookie: leaving.cookie,
      body: { password: 'password-123' },
    });
    expect(deleted.status).toBe(200);
    await until(() => !existsSync(fileOf(note)));
  });
});
