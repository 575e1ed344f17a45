import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationSummary } from '../../../shared/api/private-messages';
import { ERROR_MESSAGES } from '../../../shared/api/errors';
import type { Message } from '../../../shared/entities/message';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  nextEnvelope,
  nextEvent,
  handled,
  settled,
  startTestServer,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from '../../testing/test-server';

let server: TestServer;
let ali: SignedInClient;
let mona: SignedInClient;
let omar: SignedInClient;
const sockets: ClientSocket[] = [];

async function tab(who: SignedInClient): Promise<ClientSocket> {
  const socket = await connect(server.url, who.cookie);
  sockets.push(socket);
  return socket;
}

function send(from: SignedInClient, body: Record<string, unknown>) {
  return api(server.url, '/api/private-messages/send', { body, cookie: from.cookie });
}

function conversations(of: SignedInClient, userId = of.user.id) {
  return api(server.url, `/api/private-messages/conversations/${userId}`, { cookie: of.cookie });
}

function setting(who: SignedInClient, privateMessagesFrom: string) {
  return api(server.url, `/api/users/${who.user.id}`, {
    method: 'PUT',
    body: { privateMessagesFrom },
    cookie: who.cookie,
  });
}

/** Every `privateMessage` a socket receives, to assert what did and did not arrive. */
function recordPrivate(socket: ClientSocket): Message[] {
  const seen: Message[] = [];
  socket.on('privateMessage', ({ message }) => seen.push(message));
  return seen;
}

beforeAll(async () => {
  server = await startTestServer();
  [ali, mona, omar] = await Promise.all([
    enterAsGuest(server.url, 'علي'),
    enterAsGuest(server.url, 'منى', { gender: 'أنثى' }),
    enterAsGuest(server.url, 'عمر'),
  ]);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

// Flood control is shared with room messages and has its own tests: each test starts with a clear allowance.
beforeEach(() => server.clock.advance(60_000));

describe('private messages', () => {
  it('reach every tab of both people, and nobody else', async () => {
    const [aliTab1, aliTab2, monaTab, omarTab] = await Promise.all([tab(ali), tab(ali), tab(mona), tab(omar)]);
    const omarSaw = recordPrivate(omarTab);
    const isIt = ({ message }: { message: Message }) => message.content === 'مرحبا يا منى';
    const arrivals = [aliTab1, aliTab2, monaTab].map((s) => nextEvent(s, 'privateMessage', isIt));

    const res = await send(ali, {
      receiverId: mona.user.id,
      content: '  مرحبا يا منى  ',
      textColor: '#FF0000',
      bold: true,
    });
    expect(res.status).toBe(200);
    const message = res.body.message as Message;
    expect(message).toMatchObject({
      content: 'مرحبا يا منى',
      senderId: ali.user.id,
      receiverId: mona.user.id,
      isPrivate: true,
      roomId: null,
      messageType: 'text',
      textColor: '#ff0000',
      bold: true,
    });
    expect(message.sender).toMatchObject({ id: ali.user.id, username: 'علي' });
    for (const arrival of arrivals) expect((await arrival).message).toEqual(message);
    await settled(omarTab);
    expect(omarSaw).toEqual([]);
  });

  it('are stored once per clientMessageId, and always from the session user whatever senderId says', async () => {
    const monaTab = await tab(mona);
    const seen = recordPrivate(monaTab);
    const body = {
      receiverId: mona.user.id,
      content: 'رسالة واحدة',
      clientMessageId: 'pm-once-1',
      senderId: omar.user.id,
    };
    const first = await send(ali, body);
    const retry = await send(ali, body);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    const message = first.body.message as Message;
    expect((retry.body.message as Message).id).toBe(message.id);
    expect(message.senderId).toBe(ali.user.id);
    await settled(monaTab);
    expect(seen.filter((m) => m.clientMessageId === 'pm-once-1')).toHaveLength(1);

    // The same id for a different message (another receiver) is not a retry.
    const reused = await send(ali, { ...body, receiverId: omar.user.id });
    expect(reused).toMatchObject({ status: 409, body: { code: 'CLIENT_MESSAGE_ID_REUSED' } });
  });

  it('are read only by the two people in the conversation', async () => {
    await send(ali, { receiverId: mona.user.id, content: 'سر بيننا' });
    const theirs = `/api/private-messages/${ali.user.id}/${mona.user.id}`;
    expect(await api(server.url, theirs, { cookie: omar.cookie })).toMatchObject({
      status: 403,
      body: { code: 'CONVERSATION_NOT_YOURS', message: ERROR_MESSAGES.CONVERSATION_NOT_YOURS },
    });
    expect((await conversations(omar, ali.user.id)).status).toBe(403);
    expect((await api(server.url, theirs)).status).toBe(401);
    expect((await api(server.url, `/api/private-messages/conversations/${ali.user.id}`)).status).toBe(401);
    // Omar "reading" Ali's conversation with Mona only marks his own (there is none).
    expect(
      await api(server.url, `/api/private-messages/${ali.user.id}/read`, { method: 'POST', cookie: omar.cookie }),
    ).toMatchObject({ status: 200, body: { lastReadMessageId: 0 } });
    const monaList = (await conversations(mona)).body.conversations as ConversationSummary[];
    expect(monaList.find((c) => c.otherUserId === ali.user.id)?.unreadCount).toBeGreaterThan(0);

    // Both people read it, from either side.
    for (const [who, other] of [
      [ali, mona],
      [mona, ali],
    ] as const) {
      const page = await api(server.url, `/api/private-messages/${who.user.id}/${other.user.id}`, {
        cookie: who.cookie,
      });
      expect(page.status).toBe(200);
      expect((page.body.messages as Message[]).at(-1)?.content).toBe('سر بيننا');
    }
  });

  it('list conversations newest first with unread counts; reading clears them and tells both people', async () => {
    const [salma, hadi] = await Promise.all([enterAsGuest(server.url, 'سلمى'), enterAsGuest(server.url, 'هادي')]);
    await send(salma, { receiverId: hadi.user.id, content: 'الأولى' });
    await send(salma, { receiverId: hadi.user.id, content: 'الثانية' });
    await send(hadi, { receiverId: salma.user.id, content: 'أهلا' });
    await send(omar, { receiverId: hadi.user.id, content: 'من عمر' });

    const list = (await conversations(hadi)).body.conversations as ConversationSummary[];
    expect(list.map((c) => c.otherUserId)).toEqual([omar.user.id, salma.user.id]);
    expect(list[1]).toMatchObject({
      otherUserId: salma.user.id,
      otherUser: { id: salma.user.id, username: 'سلمى' },
      lastMessage: { content: 'أهلا', senderId: hadi.user.id },
      unreadCount: 2,
    });
    expect(list[0]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'من عمر' } });
    const salmaList = (await conversations(salma)).body.conversations as ConversationSummary[];
    expect(salmaList).toMatchObject([{ otherUserId: hadi.user.id, unreadCount: 1 }]);

    const [salmaTab, hadiOtherTab] = await Promise.all([tab(salma), tab(hadi)]);
    const sender = nextEnvelope(salmaTab, 'conversationRead', (e) => e.readerId === hadi.user.id);
    const readerTab = nextEnvelope(hadiOtherTab, 'conversationRead', (e) => e.readerId === hadi.user.id);
    const read = await api(server.url, `/api/private-messages/${salma.user.id}/read`, {
      method: 'POST',
      cookie: hadi.cookie,
    });
    expect(read.status).toBe(200);
    const lastId = (list[1]!.lastMessage as Message).id;
    expect(read.body).toEqual({ ok: true, lastReadMessageId: lastId });
    const expected = {
      type: 'conversationRead',
      readerId: hadi.user.id,
      otherUserId: salma.user.id,
      lastReadMessageId: lastId,
    };
    expect(await sender).toEqual(expected);
    expect(await readerTab).toEqual(expected);

    const after = (await conversations(hadi)).body.conversations as ConversationSummary[];
    expect(after.map((c) => c.unreadCount)).toEqual([1, 0]);
    // Salma's page says Hadi has read up to the last message.
    const page = await api(server.url, `/api/private-messages/${salma.user.id}/${hadi.user.id}`, {
      cookie: salma.cookie,
    });
    expect(page.body.otherReadUpTo).toBe(lastId);
    expect((page.body.messages as Message[]).map((m) => m.content)).toEqual(['الأولى', 'الثانية', 'أهلا']);
  });

  it('page back through a conversation by time, messages of the same millisecond included', async () => {
    const [nada, fadi] = await Promise.all([aMember(server, 'ندى'), aMember(server, 'فادي')]);
    const sent: Message[] = [];
    for (let i = 0; i < 25; i++) {
      // Messages 3, 4 and 5 share one millisecond; the others are 3 s apart (within the flood allowance).
      if (i < 4 || i > 5) await server.clock.advance(3000);
      const from = i % 2 === 0 ? nada : fadi;
      const to = i % 2 === 0 ? fadi : nada;
      const res = await send(from, { receiverId: to.user.id, content: `رسالة ${i}` });
      expect(res.status).toBe(200);
      sent.push(res.body.message as Message);
    }
    const path = `/api/private-messages/${nada.user.id}/${fadi.user.id}`;
    const first = await api(server.url, path, { cookie: nada.cookie });
    const newest = first.body.messages as Message[];
    expect(first.body.hasMore).toBe(true);
    expect(newest.map((m) => m.id)).toEqual(sent.slice(5).map((m) => m.id));

    const oldest = newest[0]!;
    const query = `beforeTs=${encodeURIComponent(oldest.timestamp)}&beforeId=${oldest.id}`;
    const second = await api(server.url, `${path}?${query}`, { cookie: nada.cookie });
    expect(second.body).toMatchObject({ hasMore: false });
    expect((second.body.messages as Message[]).map((m) => m.id)).toEqual(sent.slice(0, 5).map((m) => m.id));

    // By time alone (the spec's query), with a smaller page.
    const byTime = await api(server.url, `${path}?limit=2&beforeTs=${encodeURIComponent(sent[3]!.timestamp)}`, {
      cookie: nada.cookie,
    });
    expect(byTime.body).toMatchObject({ hasMore: true });
    expect((byTime.body.messages as Message[]).map((m) => m.content)).toEqual(['رسالة 1', 'رسالة 2']);
  });

  it('follow the receiver setting: everyone, friends only (staff for now), nobody; staff always', async () => {
    const [rana, sami] = await Promise.all([enterAsGuest(server.url, 'رنا'), enterAsGuest(server.url, 'سامي')]);
    const staff = await aMember(server, 'سلوى', 'moderator');
    expect(rana.user.privateMessagesFrom).toBe('everyone');

    const closed = await setting(rana, 'nobody');
    expect(closed).toMatchObject({ status: 200, body: { user: { privateMessagesFrom: 'nobody' } } });
    expect(await send(sami, { receiverId: rana.user.id, content: 'هل أنت هنا؟' })).toMatchObject({
      status: 403,
      body: { code: 'PRIVATE_MESSAGES_CLOSED', message: ERROR_MESSAGES.PRIVATE_MESSAGES_CLOSED },
    });
    expect((await send(staff, { receiverId: rana.user.id, content: 'تنبيه من الإدارة' })).status).toBe(200);

    await setting(rana, 'friends');
    expect(await send(sami, { receiverId: rana.user.id, content: 'هل أنت هنا؟' })).toMatchObject({
      status: 403,
      body: { code: 'PRIVATE_MESSAGES_FRIENDS_ONLY', message: ERROR_MESSAGES.PRIVATE_MESSAGES_FRIENDS_ONLY },
    });
    expect((await send(staff, { receiverId: rana.user.id, content: 'تنبيه ثان' })).status).toBe(200);

    await setting(rana, 'everyone');
    expect((await send(sami, { receiverId: rana.user.id, content: 'هل أنت هنا؟' })).status).toBe(200);
    expect((await setting(rana, 'strangers')).status).toBe(400);

    // Never to oneself, nor to someone who does not exist.
    expect(await send(sami, { receiverId: sami.user.id, content: 'أنا' })).toMatchObject({
      status: 403,
      body: { code: 'CANNOT_TARGET_SELF' },
    });
    expect(await send(sami, { receiverId: 2_000_000_000, content: 'أحد؟' })).toMatchObject({
      status: 404,
      body: { code: 'USER_NOT_FOUND', message: ERROR_MESSAGES.USER_NOT_FOUND },
    });
  });

  it('relay typing to the other person only, once a second at most, and never past their setting', async () => {
    const [lina, karim] = await Promise.all([enterAsGuest(server.url, 'لينا'), enterAsGuest(server.url, 'كريم')]);
    const [linaTab, karimTab] = await Promise.all([tab(lina), tab(karim)]);
    const typed: unknown[] = [];
    karimTab.on('privateTyping', (e) => typed.push(e));
    const first = nextEvent(karimTab, 'privateTyping');
    linaTab.emit('privateTyping', { targetUserId: karim.user.id, isTyping: true });
    expect(await first).toEqual({ userId: lina.user.id, isTyping: true });
    await handled(linaTab, 'privateTyping', { targetUserId: karim.user.id, isTyping: true });
    await settled(karimTab);
    expect(typed).toHaveLength(1);

    await setting(karim, 'nobody');
    await server.clock.advance(2000);
    await handled(linaTab, 'privateTyping', { targetUserId: karim.user.id, isTyping: true });
    await settled(karimTab);
    expect(typed).toHaveLength(1);
  });
});

describe('private messages, abuse', () => {
  it('are refused while the sender is muted, until the mute ends', async () => {
    const [nour, tarek] = await Promise.all([enterAsGuest(server.url, 'نور'), enterAsGuest(server.url, 'طارق')]);
    const staff = await aMember(server, 'جميلة', 'moderator');
    const muted = await api(server.url, '/api/moderation/mute', {
      body: { targetId: nour.user.id, durationMinutes: 5 },
      cookie: staff.cookie,
    });
    expect(muted.status).toBe(200);
    const refused = await send(nour, { receiverId: tarek.user.id, content: 'مرحبا' });
    expect(refused).toMatchObject({ status: 403, body: { code: 'MUTED' } });
    expect(refused.body.timeLeft).toBeGreaterThan(0);
    await server.clock.advance(6 * 60_000);
    expect((await send(nour, { receiverId: tarek.user.id, content: 'مرحبا' })).status).toBe(200);
  });

  it('go through the word filter: blocked, stored masked, or flagged to staff', async () => {
    const admin = await aMember(server, 'حسام', 'admin');
    const words = (list: unknown[]) =>
      api(server.url, '/api/moderation/words', { method: 'PUT', body: { words: list }, cookie: admin.cookie });
    expect(
      (
        await words([
          { word: 'بطيخ', action: 'block' },
          { word: 'خيار', action: 'mask' },
          { word: 'جزر', action: 'flag' },
        ])
      ).status,
    ).toBe(200);
    try {
      expect(await send(ali, { receiverId: mona.user.id, content: 'أحب بطيخ' })).toMatchObject({
        status: 400,
        body: { code: 'MESSAGE_BLOCKED_WORD', message: ERROR_MESSAGES.MESSAGE_BLOCKED_WORD },
      });
      const masked = await send(ali, { receiverId: mona.user.id, content: 'سلطة خيار' });
      expect((masked.body.message as Message).content).toBe('سلطة ****');

      // A flagged word: stored as written, and staff get a report from the site.
      const staffTab = await tab(admin);
      const reported = nextEnvelope(staffTab, 'reportCreated', (e) => e.report.excerpt === 'هذا جزر');
      const flagged = await send(ali, { receiverId: mona.user.id, content: 'هذا جزر' });
      expect((flagged.body.message as Message).content).toBe('هذا جزر');
      expect((await reported).report).toMatchObject({ userId: ali.user.id, roomId: null, reporterId: null });
    } finally {
      await words([]);
    }
  });

  it('are held back by flood control, guests sooner than members', async () => {
    const [guest, member] = await Promise.all([enterAsGuest(server.url, 'زائر سريع'), aMember(server, 'عضو سريع')]);
    const burst = async (from: SignedInClient, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++)
        statuses.push((await send(from, { receiverId: mona.user.id, content: `رقم ${i}` })).status);
      return statuses;
    };
    const guestStatuses = await burst(guest, 6);
    expect(guestStatuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(guestStatuses[5]).toBe(429);
    expect(await burst(member, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    const refused = await send(guest, { receiverId: mona.user.id, content: 'مرة أخرى' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'MESSAGE_RATE_LIMITED' } });
  });

  it('answer bad input with an Arabic 4xx, never a 500', async () => {
    const cases: [string, { method?: string; body?: unknown }][] = [
      ['/api/private-messages/send', { body: { receiverId: mona.user.id, content: 'a\u0000b' } }],
      ['/api/private-messages/send', { body: { receiverId: mona.user.id, content: '   ' } }],
      ['/api/private-messages/send', { body: { receiverId: mona.user.id, content: 'ب'.repeat(1001) } }],
      ['/api/private-messages/send', { body: { receiverId: 1e20, content: 'مرحبا' } }],
      ['/api/private-messages/send', { body: { receiverId: -3, content: 'مرحبا' } }],
      ['/api/private-messages/send', { body: { receiverId: mona.user.id, content: 'مرحبا', messageType: 'system' } }],
      [
        '/api/private-messages/send',
        { body: { receiverId: mona.user.id, content: 'مرحبا', clientMessageId: 'x'.repeat(65) } },
      ],
      ['/api/private-messages/send', { body: '{"receiverId": ' }],
      ['/api/private-messages/send', { body: [] }],
      [`/api/private-messages/${ali.user.id}/99999999999999999999999`, {}],
      [`/api/private-messages/${ali.user.id}/${mona.user.id}?beforeTs=yesterday`, {}],
      [`/api/private-messages/${ali.user.id}/${mona.user.id}?limit=0`, {}],
      [`/api/private-messages/${ali.user.id}/${mona.user.id}?limit=51`, {}],
      [`/api/private-messages/${ali.user.id}/${mona.user.id}?beforeTs=2026-01-01T00:00:00Z&beforeId=1e300`, {}],
      [`/api/private-messages/${ali.user.id}/${mona.user.id}?beforeTs=%00`, {}],
      [`/api/private-messages/conversations/${ali.user.id}?limit=5000`, {}],
      ['/api/private-messages/conversations/abc', {}],
      ['/api/private-messages/99999999999999/read', { method: 'POST' }],
      [`/api/private-messages/${ali.user.id}/read`, { method: 'POST' }],
    ];
    for (const [path, init] of cases) {
      const res = await api(server.url, path, { ...init, cookie: ali.cookie });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(String(res.body.message), path).toMatch(/[\u0600-\u06FF]/);
    }
  });
});
