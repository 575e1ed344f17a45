import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import { SEARCH, searchTextOf } from '../../../shared/text/search';
import { backfillSearchText } from '../../db/search-text-backfill';
import { messages as messagesTable } from '../../db/schema';
import {
  aMember,
  api,
  connect,
  joinRoom,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';
import { eq, sql } from 'drizzle-orm';

let server: TestServer;
let ali: SignedInClient;
let mona: SignedInClient;
let omar: SignedInClient;
let aliSocket: ClientSocket;

beforeAll(async () => {
  server = await startTestServer();
  [ali, mona, omar] = await Promise.all([aMember(server, 'علي_ب'), aMember(server, 'منى_ب'), aMember(server, 'عمر_ب')]);
  aliSocket = await connect(server.url, ali.cookie);
  await joinRoom(aliSocket, 'general');
});

afterAll(async () => {
  aliSocket?.close();
  await server?.close();
});

// Flood control weighs 10 s windows: each post comes 21 s after the last.
beforeEach(() => server.clock.advance(21_000));

async function post(content: string, roomId = 'general'): Promise<Message> {
  server.clock.advance(21_000);
  const reply = (await aliSocket.timeout(3000).emitWithAck('publicMessage', { roomId, content })) as {
    message?: Message;
    error?: unknown;
  };
  if (!reply.message) throw new Error(JSON.stringify(reply));
  return reply.message;
}

function search(who: SignedInClient, q: string, extra = '', roomId = 'general') {
  return api(server.url, `/api/messages/room/${roomId}/search?q=${encodeURIComponent(q)}${extra}`, {
    cookie: who.cookie,
  });
}

async function found(q: string, who = mona): Promise<number[]> {
  const res = await search(who, q);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.messages as Message[]).map((m) => m.id);
}

describe('searching a room', () => {
  it('matches the spellings an Arabic reader takes for one word: hamza and alef forms, ة/ه, ى/ي, tashkeel, tatweel', async () => {
    const ahmad = await post('وصل أحمد إلى البيت');
    const school = await post('ذهبت إلى المدرسة مبكراً');
    const ala = await post('السلام على الجميع');
    const marked = await post('مَـــرْحَبًا بِكُمْ يا أصدقاء');
    const unrelated = await post('رسالة لا علاقة لها');

    for (const q of ['أحمد', 'احمد', 'إحمد', 'آحمد', 'أَحْمَد', 'احـــمد']) expect(await found(q), q).toEqual([ahmad.id]);
    expect(await found('المدرسه')).toEqual([school.id]);
    expect(await found('المدرسة')).toEqual([school.id]);
    expect(await found('علي الجميع')).toEqual([ala.id]);
    expect(await found('مرحبا')).toEqual([marked.id]);
    expect(await found('بكم اصدقاء')).toEqual([marked.id]);
    expect(await found('علاقه')).toEqual([unrelated.id]);
    expect(await found('وصل مدرسة')).toEqual([]);
    // A word with the article also begins after it.
    expect(await found('مدرسه')).toEqual([school.id]);
    expect(await found('جميع')).toEqual([ala.id]);
  });

  it('finds word beginnings, never the middle of a word; Latin case-folded; newest first', async () => {
    const first = await post('مرحباً بالجميع Hello World');
    const second = await post('قلت مرحبتين للأصدقاء');
    expect(await found('مرح')).toEqual(expect.arrayContaining([second.id, first.id]));
    const ids = await found('مرحب');
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(await found('حبا')).toEqual([]);
    expect(await found('رحب')).toEqual([]);
    expect(await found('hello WOR')).toEqual([first.id]);
    expect(await found('orld')).toEqual([]);
  });

  it('pages newest first with `before`, telling whether more remain', async () => {
    const posted: number[] = [];
    for (let i = 0; i < SEARCH.page + 3; i += 1) posted.push((await post(`صفحة رقم ${i}`)).id);
    const newestFirst = posted.reverse();
    const first = await search(mona, 'صفحه');
    expect(first.body.hasMore).toBe(true);
    const firstIds = (first.body.messages as Message[]).map((m) => m.id);
    expect(firstIds).toEqual(newestFirst.slice(0, SEARCH.page));
    const second = await search(mona, 'صفحه', `&before=${firstIds.at(-1)}`);
    expect(second.status).toBe(200);
    expect((second.body.messages as Message[]).map((m) => m.id)).toEqual(newestFirst.slice(SEARCH.page));
    expect(second.body.hasMore).toBe(false);
  });

  it('keeps to the room asked, under its history rule: locked rooms refused to non-staff, unknown rooms not found', async () => {
    const elsewhere = await post('كلمة_سرية في غرفة أخرى', 'general');
    expect(await found('كلمة_سرية')).toContain(elsewhere.id);
    const other = await search(mona, 'كلمة', '', 'oman');
    expect(other.status).toBe(200);
    expect((other.body.messages as Message[]).map((m) => m.id)).not.toContain(elsewhere.id);

    const keeper = await aMember(server, 'حارس_بحث', 'moderator');
    await api(server.url, '/api/rooms/oman/lock', { method: 'PUT', cookie: keeper.cookie, body: { isLocked: true } });
    const refused = await search(mona, 'كلمة', '', 'oman');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERROR_MESSAGES.ROOM_LOCKED);
    expect((await search(keeper, 'كلمة', '', 'oman')).status).toBe(200);
    await api(server.url, '/api/rooms/oman/lock', { method: 'PUT', cookie: keeper.cookie, body: { isLocked: false } });

    expect((await search(mona, 'كلمة', '', 'nowhere')).status).toBe(404);
    expect((await api(server.url, '/api/messages/room/general/search?q=كلمة')).status).toBe(401);
  });

  it('follows edits and forgets deleted messages', async () => {
    const message = await post('موعدنا الساعة الثامنة');
    expect(await found('الثامنه')).toEqual([message.id]);
    const edited = await api(server.url, `/api/messages/${message.id}`, {
      method: 'PATCH',
      cookie: ali.cookie,
      body: { content: 'موعدنا الساعة التاسعة' },
    });
    expect(edited.status).toBe(200);
    expect(await found('الثامنه')).toEqual([]);
    expect(await found('التاسعه موعد')).toEqual([message.id]);

    const removed = await api(server.url, `/api/messages/${message.id}`, { method: 'DELETE', cookie: ali.cookie });
    expect(removed.status).toBe(200);
    expect(await found('التاسعه')).toEqual([]);
  });

  it('refuses a query too short or too long, in Arabic', async () => {
    for (const q of ['', 'م', '؟!', '   ', 'ــ']) {
      const res = await search(mona, q);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toBe(ERROR_MESSAGES.SEARCH_QUERY_TOO_SHORT);
    }
    const missing = await api(server.url, '/api/messages/room/general/search', { cookie: mona.cookie });
    expect(missing.status).toBe(400);
    const long = await search(mona, 'ا'.repeat(SEARCH.maxQueryLength + 1));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(ERROR_MESSAGES.SEARCH_QUERY_TOO_LONG);
    expect((await search(mona, 'مرحبا', '&before=abc')).status).toBe(400);
    // Operators of PostgreSQL's query syntax are only separators here.
    expect((await search(mona, "مرح:* | !('x")).status).toBe(200);
  });

  it('finds old messages past the newest 2,000 of a busy room, in order, paged', async () => {
    const { db } = server.app.database;
    const rows = Array.from({ length: 2300 }, (_, i) => {
      const content =
        i === 5 || i === 100 ? `الياقوتة الحمراء رقم ${i}` : i % 90 === 0 ? `ياقوت عادي ${i}` : `حشو ${i}`;
      return {
        roomId: 'kuwait',
        senderId: ali.user.id,
        content,
        searchVector: sql`to_tsvector('simple', ${searchTextOf(content)})`,
        createdAt: new Date(server.clock.now()),
      };
    });
    const stored = await db
      .insert(messagesTable)
      .values(rows)
      .returning({ id: messagesTable.id, content: messagesTable.content });
    const idOf = (content: string) => stored.find((row) => row.content === content)!.id;
    const res = await search(mona, 'ياقوته', '', 'kuwait');
    expect(res.status).toBe(200);
    expect((res.body.messages as Message[]).map((m) => m.id)).toEqual([
      idOf('الياقوتة الحمراء رقم 100'),
      idOf('الياقوتة الحمراء رقم 5'),
    ]);
    // A word both among the newest and far back: one page across both steps, newest first.
    const all = stored.filter((row) => row.content.startsWith('ياقوت عادي') || row.content.startsWith('الياقوتة'));
    const expected = all.map((row) => row.id).sort((a, b) => b - a);
    const first = await search(mona, 'ياقوت', '', 'kuwait');
    const firstIds = (first.body.messages as Message[]).map((m) => m.id);
    expect(firstIds).toEqual(expected.slice(0, SEARCH.page));
    const rest = await search(mona, 'ياقوت', `&before=${firstIds.at(-1)}`, 'kuwait');
    expect((rest.body.messages as Message[]).map((m) => m.id)).toEqual(expected.slice(SEARCH.page));
    expect(expected.length).toBeGreaterThan(SEARCH.page);
  });

  it('fills the search text of messages stored before it existed (the start-up backfill)', async () => {
    const message = await post('رسالة قديمة جداً');
    const { db } = server.app.database;
    await db.update(messagesTable).set({ searchVector: null }).where(eq(messagesTable.id, message.id));
    await db.execute(sql`DELETE FROM data_versions WHERE name = 'message_search_text'`);
    expect(await found('قديمه')).toEqual([]);
    const { updated } = await backfillSearchText(db);
    expect(updated).toBeGreaterThan(0);
    expect(await found('قديمه')).toEqual([message.id]);
    expect((await backfillSearchText(db)).updated).toBe(0);
  });
});

describe('a message in its context', () => {
  it('returns the message with those around it, oldest first; not found when deleted or elsewhere', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i += 1) ids.push((await post(`سياق ${i}`)).id);
    const res = await api(server.url, `/api/messages/room/general/around?id=${ids[3]}&limit=4`, {
      cookie: mona.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.messages as Message[]).map((m) => m.id)).toEqual([ids[2], ids[3], ids[4], ids[5]]);
    expect(res.body).toMatchObject({ hasOlder: true, hasNewer: true });
    const wrongRoom = await api(server.url, `/api/messages/room/oman/around?id=${ids[3]}`, { cookie: mona.cookie });
    expect(wrongRoom.status).toBe(404);
    await api(server.url, `/api/messages/${ids[3]}`, { method: 'DELETE', cookie: ali.cookie });
    const gone = await api(server.url, `/api/messages/room/general/around?id=${ids[3]}`, { cookie: mona.cookie });
    expect(gone.status).toBe(404);
  });
});

describe('searching private messages', () => {
  function sendPrivate(from: SignedInClient, to: SignedInClient, content: string) {
    server.clock.advance(21_000);
    return api(server.url, '/api/private-messages/send', {
      body: { receiverId: to.user.id, content },
      cookie: from.cookie,
    });
  }
  function searchPrivate(who: SignedInClient, q: string) {
    return api(server.url, `/api/private-messages/search?q=${encodeURIComponent(q)}`, { cookie: who.cookie });
  }

  it("finds one's own conversations' messages, both ways, never another person's", async () => {
    const toMona = (await sendPrivate(ali, mona, 'موعد المستشفى غداً')).body.message as Message;
    const fromMona = (await sendPrivate(mona, ali, 'مُستشفى المدينة أقرب')).body.message as Message;
    const between = (await sendPrivate(mona, omar, 'المستشفى مزدحم')).body.message as Message;

    const alis = await searchPrivate(ali, 'مستشفي');
    expect(alis.status, JSON.stringify(alis.body)).toBe(200);
    expect((alis.body.messages as Message[]).map((m) => m.id)).toEqual([fromMona.id, toMona.id]);
    expect((alis.body.people as { id: number }[]).map((p) => p.id).sort()).toEqual([ali.user.id, mona.user.id].sort());

    const omars = await searchPrivate(omar, 'المستشفى');
    expect((omars.body.messages as Message[]).map((m) => m.id)).toEqual([between.id]);
    const monas = await searchPrivate(mona, 'المستشفى');
    expect((monas.body.messages as Message[]).map((m) => m.id)).toEqual([between.id, toMona.id]);

    // Room messages are not private ones.
    await post('المستشفى في الغرفة العامة');
    expect(((await searchPrivate(omar, 'المستشفى')).body.messages as Message[]).map((m) => m.id)).toEqual([between.id]);
  });

  it('follows edits and deletions, and refuses a bad query in Arabic', async () => {
    const message = (await sendPrivate(ali, omar, 'سأتصل بك مساءً')).body.message as Message;
    const edit = await api(server.url, `/api/private-messages/${message.id}`, {
      method: 'PATCH',
      cookie: ali.cookie,
      body: { content: 'سأتصل بك صباحاً' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(((await searchPrivate(omar, 'مساء')).body.messages as Message[]).length).toBe(0);
    expect(((await searchPrivate(omar, 'صباح')).body.messages as Message[]).map((m) => m.id)).toEqual([message.id]);
    await api(server.url, `/api/private-messages/${message.id}`, { method: 'DELETE', cookie: ali.cookie });
    expect(((await searchPrivate(omar, 'صباح')).body.messages as Message[]).length).toBe(0);

    const bad = await searchPrivate(omar, 'ص');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ERROR_MESSAGES.SEARCH_QUERY_TOO_SHORT);
    expect((await api(server.url, '/api/private-messages/search?q=صباح')).status).toBe(401);
  });
});
