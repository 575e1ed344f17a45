import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { FilteredWord, LogEntry, Report } from '../../../shared/entities/moderation';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  apiForm,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  recordEnvelopes,
  register,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let admin: SignedInClient;
let writer: SignedInClient;
let reader: SignedInClient;
let moderator: SignedInClient;
let writerSocket: ClientSocket;
let readerSocket: ClientSocket;
let moderatorSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [admin, writer, reader, moderator] = await Promise.all([
    aMember(server, 'رانية', 'admin'),
    aMember(server, 'كاتب الرسائل'),
    enterAsGuest(server.url, 'قارئة'),
    aMember(server, 'يوسف', 'moderator'),
  ]);
  [writerSocket, readerSocket, moderatorSocket] = await Promise.all([
    connect(server.url, writer.cookie),
    connect(server.url, reader.cookie),
    connect(server.url, moderator.cookie),
  ]);
  await Promise.all([joinRoom(writerSocket, 'egypt'), joinRoom(readerSocket, 'egypt')]);
});
afterAll(async () => {
  for (const socket of [writerSocket, readerSocket, moderatorSocket]) socket?.close();
  await server?.close();
});
// Flood control is not what these tests are about.
beforeEach(() => server.clock.advance(60_000));

function setWords(words: FilteredWord[], cookie = admin.cookie) {
  return api(server.url, '/api/moderation/words', { method: 'PUT', body: { words }, cookie });
}

function send(content: string) {
  return writerSocket.timeout(3000).emitWithAck('publicMessage', { roomId: 'egypt', content });
}

describe('the word list', () => {
  it('ships empty', async () => {
    const res = await api(server.url, '/api/moderation/words', { cookie: admin.cookie });
    expect(res).toMatchObject({ status: 200, body: { words: [] } });
  });

  it('is read and replaced by admins and the owner only', async () => {
    const owner = await aMember(server, 'سارة', 'owner');
    const guest = await enterAsGuest(server.url, 'زائر فضولي');
    expect((await api(server.url, '/api/moderation/words')).status).toBe(401);
    for (const who of [guest, writer, moderator]) {
      const read = await api(server.url, '/api/moderation/words', { cookie: who.cookie });
      expect([read.status, read.body.code, read.body.message]).toEqual([403, 'FORBIDDEN', ERROR_MESSAGES.FORBIDDEN]);
      expect((await setWords([{ word: 'كلمة', action: 'mask' }], who.cookie)).status).toBe(403);
    }
    for (const who of [admin, owner]) {
      expect((await setWords([{ word: 'كلمة', action: 'mask' }], who.cookie)).status).toBe(200);
      expect((await api(server.url, '/api/moderation/words', { cookie: who.cookie })).body.words).toEqual([
        { word: 'كلمة', action: 'mask' },
      ]);
    }
    await setWords([]);
  });

  it('keeps one entry per normalised form, refuses entries with no word in them, and records the change', async () => {
    const res = await setWords([
      { word: 'كلب', action: 'mask' },
      { word: 'كَلْب', action: 'block' },
      { word: 'KALB', action: 'flag' },
      { word: 'kaaalb', action: 'mask' },
      { word: 'ابن  كلب', action: 'block' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.words).toEqual([
      { word: 'كلب', action: 'mask' },
      { word: 'KALB', action: 'flag' },
      { word: 'ابن  كلب', action: 'block' },
    ]);
    expect((await api(server.url, '/api/moderation/words', { cookie: admin.cookie })).body.words).toEqual(
      res.body.words,
    );

    for (const word of ['1234', '٣٣٣', '\u200B\u200Bـــ']) {
      const refused = await setWords([
        { word: 'سليمة', action: 'mask' },
        { word, action: 'mask' },
      ]);
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'WORD_INVALID',
        ERROR_MESSAGES.WORD_INVALID,
      ]);
    }
    for (const body of [
      { words: [{ word: 'ك', action: 'mask' }] },
      { words: [{ word: 'كلمة', action: 'erase' }] },
      { words: [{ word: 'x'.repeat(51), action: 'mask' }] },
      { words: 'كلب' },
    ]) {
      const refused = await api(server.url, '/api/moderation/words', { method: 'PUT', body, cookie: admin.cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
    }
    // A refused list changed nothing.
    expect((await api(server.url, '/api/moderation/words', { cookie: admin.cookie })).body.words).toHaveLength(3);

    const log = await api(server.url, '/api/moderation/log?action=wordFilter', { cookie: admin.cookie });
    expect((log.body.entries as LogEntry[])[0]).toMatchObject({ action: 'wordFilter', actorName: 'رانية' });
    await setWords([]);
  });

  it('takes up to 2000 entries', async () => {
    const words = Array.from({ length: 2000 }, (_, i) => ({ word: `كلمة${i}x`, action: 'mask' as const }));
    const res = await setWords(words);
    expect(res.status).toBe(200);
    expect(res.body.words).toHaveLength(2000);
    expect(await send('هذه كلمة1999x أيضاً')).toMatchObject({ ok: true, message: { content: 'هذه ********* أيضاً' } });
    expect((await setWords([...words, { word: 'زائدة', action: 'mask' }])).status).toBe(400);
    await setWords([]);
  });
});

describe('room messages through the filter', () => {
  it('mask: the room and the history get asterisks, one per visible letter', async () => {
    await setWords([{ word: 'كلب', action: 'mask' }]);
    const heard = nextEnvelope(readerSocket, 'newMessage', (e) => e.message.senderId === writer.user.id);
    const reply = await send('يا كَلْــب، ابتعد');
    expect(reply).toMatchObject({ ok: true, message: { content: 'يا *****، ابتعد' } });
    expect((await heard).message.content).toBe('يا *****، ابتعد');
    const history = await api(server.url, '/api/messages/room/egypt/latest?limit=12', { cookie: reader.cookie });
    expect((history.body.messages as Message[]).at(-1)?.content).toBe('يا *****، ابتعد');
    // Whole words only: the plural and a word with a clitic are left alone.
    expect(await send('الكلاب في الحديقة')).toMatchObject({ ok: true, message: { content: 'الكلاب في الحديقة' } });
  });

  it('block: the message is refused in Arabic and nobody hears it', async () => {
    await setWords([
      { word: 'حمار', action: 'block' },
      { word: 'كلب', action: 'mask' },
    ]);
    const readerSaw = recordEnvelopes(readerSocket);
    for (const text of ['انت حمار', 'انت 7مار', 'انت حـمـار وكلب', 'انت ح\u200Bمار']) {
      const reply = await send(text);
      expect(reply).toMatchObject({
        ok: false,
        code: 'MESSAGE_BLOCKED_WORD',
        message: ERROR_MESSAGES.MESSAGE_BLOCKED_WORD,
      });
    }
    await settled(readerSocket);
    expect(readerSaw.filter((e) => e.type === 'newMessage')).toEqual([]);
    // An innocent word containing it passes.
    expect((await send('الحمارة تجر العربة')).ok).toBe(true);
  });

  it('flag: the message is stored as written and staff get a report from the site at once', async () => {
    await setWords([{ word: 'غبي', action: 'flag' }]);
    const staffHears = nextEnvelope(moderatorSocket, 'reportCreated', (e) => e.report.messageId !== null);
    const readerHears = nextEnvelope(readerSocket, 'newMessage', (e) => e.message.content === 'انت غبى جداً');
    const readerSaw = recordEnvelopes(readerSocket);
    const reply = await send('انت غبى جداً');
    expect(reply).toMatchObject({ ok: true, message: { content: 'انت غبى جداً' } });
    await readerHears;
    const { report } = await staffHears;
    expect(report).toMatchObject({
      reporterId: null,
      userId: writer.user.id,
      username: 'كاتب الرسائل',
      messageId: reply.ok ? reply.message.id : -1,
      excerpt: 'انت غبى جداً',
      roomId: 'egypt',
      status: 'open',
    });
    expect(report.reporterName).toMatch(/[\u0600-\u06FF]/);
    expect(report.reason).toContain('غبي');
    // Only staff hear of it.
    expect(readerSaw.some((e) => e.type === 'reportCreated')).toBe(false);
    const queue = await api(server.url, '/api/reports?status=open', { cookie: moderator.cookie });
    expect((queue.body.reports as Report[]).some((r) => r.id === report.id)).toBe(true);
  });

  it('applies a new list to the very next message, and an emptied list lets everything through', async () => {
    await setWords([{ word: 'سخيف', action: 'block' }]);
    expect((await send('كلام سخيف')).ok).toBe(false);
    await setWords([]);
    expect((await send('كلام سخيف')).ok).toBe(true);
  });
});

describe('names and rooms through the filter', () => {
  it('refuses a visitor or member name holding a listed word, whatever its action', async () => {
    await setWords([
      { word: 'كلب', action: 'mask' },
      { word: 'kalb', action: 'flag' },
      { word: 'زب', action: 'block' },
    ]);
    for (const username of ['كلب', 'الكلب كلب', 'كَلْب_99', 'KalbAli', 'k_a_l_b', 'Kalb']) {
      const res = await api(server.url, '/api/auth/guest', { body: { username } });
      expect([username, res.status, res.body.code]).toEqual([username, 400, 'NAME_BLOCKED_WORD']);
      expect(res.body.message).toBe(ERROR_MESSAGES.NAME_BLOCKED_WORD);
      const reg = await api(server.url, '/api/auth/register', { body: { username, password: 'password-123' } });
      expect([username, reg.status, reg.body.code]).toEqual([username, 400, 'NAME_BLOCKED_WORD']);
    }
    // Names that merely contain a listed word are fine.
    await enterAsGuest(server.url, 'زبيدة');
    const member = await register(server.url, 'Kalbunov', 'password-123');
    // The name shown instead of the username, too.
    const rename = (displayName: string) =>
      api(server.url, `/api/users/${member.user.id}`, { method: 'PUT', body: { displayName }, cookie: member.cookie });
    for (const displayName of ['يا كلب', 'ز\u200Bب']) {
      const res = await rename(displayName);
      expect([displayName, res.status, res.body.code]).toEqual([displayName, 400, 'NAME_BLOCKED_WORD']);
    }
    expect((await rename('زبيدة الشام')).status).toBe(200);
    await setWords([]);
  });

  it('refuses a new room whose name or description holds a listed word', async () => {
    await setWords([{ word: 'حقير', action: 'mask' }]);
    for (const fields of [
      { name: 'غرفة الحقيرين حقير', description: '' },
      { name: 'غرفة هادئة', description: 'للـحـقـيـر فقط: حقير' },
    ]) {
      const res = await apiForm(server.url, '/api/rooms', { cookie: admin.cookie, fields });
      expect([res.status, res.body.code, res.body.message]).toEqual([
        400,
        'ROOM_BLOCKED_WORD',
        ERROR_MESSAGES.ROOM_BLOCKED_WORD,
      ]);
    }
    expect(
      (await apiForm(server.url, '/api/rooms', { cookie: admin.cookie, fields: { name: 'غرفة الحقائق' } })).status,
    ).toBe(201);
    await setWords([]);
  });
});
