import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Friend, FriendRequest } from '../shared/api/friends';
import type { Notification } from '../shared/api/notifications';
import type { Message } from '../shared/entities/message';
import {
  aMember,
  api,
  connect,
  enterAsGuest,
  joinRoom,
  nextEnvelope,
  nextEvent,
  recordEnvelopes,
  handled,
  settled,
  startTestServer,
  until,
  type ClientSocket,
  type SignedInClient,
  type TestServer,
} from './testing/test-server';

let server: TestServer;
const sockets: ClientSocket[] = [];

async function tab(who: SignedInClient, roomId?: string): Promise<ClientSocket> {
  const socket = await connect(server.url, who.cookie);
  sockets.push(socket);
  if (roomId) await joinRoom(socket, roomId);
  return socket;
}

async function say(socket: ClientSocket, roomId: string, content: string, extra: Record<string, unknown> = {}) {
  server.clock.advance(3000);
  const reply = await socket.timeout(3000).emitWithAck('publicMessage', { roomId, content, ...extra });
  if (!reply.ok) throw new Error(`send failed: ${reply.code}`);
  return reply.message;
}

const react = (who: SignedInClient, id: number, type: string | null) =>
  api(server.url, `/api/messages/${id}/reaction`, { body: { type }, cookie: who.cookie });
const notifications = async (who: SignedInClient) =>
  (await api(server.url, '/api/notifications', { cookie: who.cookie })).body.notifications as Notification[];
const unread = async (who: SignedInClient) =>
  (await api(server.url, '/api/notifications/unread-count', { cookie: who.cookie })).body.count as number;
const ignore = (who: SignedInClient, target: SignedInClient, method = 'POST') =>
  api(server.url, `/api/users/${who.user.id}/ignore/${target.user.id}`, { method, cookie: who.cookie });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
});

describe('reactions', () => {
  it('one per person, switched and removed, counted for the room and in history', async () => {
    const [ali, mona] = await Promise.all([enterAsGuest(server.url, 'عادل'), enterAsGuest(server.url, 'ميساء')]);
    const aliTab = await tab(ali, 'egypt');
    const monaTab = await tab(mona, 'egypt');
    const message = await say(aliTab, 'egypt', 'صباح الخير');

    const heart = nextEnvelope(aliTab, 'reactionUpdated', (e) => e.messageId === message.id);
    const first = await react(mona, message.id, 'heart');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ reactions: { like: 0, dislike: 0, heart: 1 }, myReaction: 'heart' });
    const seen = await heart;
    expect(seen.reactions.heart).toBe(1);
    expect(seen.lastReaction).toMatchObject({ type: 'heart', reactorName: 'ميساء' });

    // Switching replaces it: still one reaction from her.
    const switched = await react(mona, message.id, 'like');
    expect(switched.body).toMatchObject({ reactions: { like: 1, dislike: 0, heart: 0 }, myReaction: 'like' });
    await react(ali, message.id, 'like');

    const latest = async (who: SignedInClient) =>
      (
        (await api(server.url, '/api/messages/room/egypt/latest', { cookie: who.cookie })).body.messages as Message[]
      ).find((m) => m.id === message.id)!;
    expect((await latest(mona)).reactions.like).toBe(2);
    expect((await latest(mona)).myReaction).toBe('like');
    const since = (
      await api(server.url, `/api/messages/room/egypt/since?sinceId=${message.id - 1}`, { cookie: ali.cookie })
    ).body.messages as Message[];
    expect(since[0]).toMatchObject({ id: message.id, reactions: { like: 2 }, myReaction: 'like' });

    const removed = nextEnvelope(monaTab, 'reactionUpdated', (e) => e.reaction === null);
    expect((await react(mona, message.id, null)).body).toMatchObject({ reactions: { like: 1 }, myReaction: null });
    expect((await removed).reactorId).toBe(mona.user.id);
    expect((await latest(mona)).myReaction).toBeNull();
  });

  it('refuses a bad type, an unknown message, and a visitor without a session', async () => {
    const sara = await enterAsGuest(server.url, 'سارة');
    const saraTab = await tab(sara, 'egypt');
    const message = await say(saraTab, 'egypt', 'مرحبا');
    expect((await react(sara, message.id, 'angry')).status).toBe(400);
    expect((await react(sara, 999_999, 'like')).status).toBe(404);
    expect((await api(server.url, `/api/messages/${message.id}/reaction`, { body: { type: 'like' } })).status).toBe(
      401,
    );
  });
});

describe('replies and mentions', () => {
  it('a reply quotes its original and notifies its author; a mention notifies the person named', async () => {
    const [nour, karim] = await Promise.all([enterAsGuest(server.url, 'نور'), enterAsGuest(server.url, 'كريم')]);
    const nourTab = await tab(nour, 'jordan');
    const karimTab = await tab(karim, 'jordan');
    const original = await say(nourTab, 'jordan', 'من يعرف مطعماً جيداً؟');

    const replied = nextEvent(nourTab, 'newNotification', (e) => e.notification.type === 'reply');
    const reply = await say(karimTab, 'jordan', 'أنا أعرف واحداً', { replyToId: original.id });
    expect(reply.replyTo).toMatchObject({ id: original.id, senderName: 'نور', excerpt: 'من يعرف مطعماً جيداً؟' });
    expect((await replied).notification.text).toContain('كريم');
    const page = (await api(server.url, '/api/messages/room/jordan/latest', { cookie: nour.cookie })).body
      .messages as Message[];
    expect(page.find((m) => m.id === reply.id)?.replyTo?.id).toBe(original.id);

    // A reply to a message of another room is refused.
    const elsewhere = await tab(karim);
    await joinRoom(elsewhere, 'egypt');
    server.clock.advance(3000);
    const refused = await elsewhere.timeout(3000).emitWithAck('publicMessage', {
      roomId: 'egypt',
      content: 'رد',
      replyToId: original.id,
    });
    expect(refused.ok).toBe(false);

    const mentioned = nextEvent(karimTab, 'newNotification', (e) => e.notification.type === 'mention');
    await say(nourTab, 'jordan', 'شكراً @كريم');
    const { notification, unreadCount } = await mentioned;
    expect(notification).toMatchObject({ type: 'mention', actor: { username: 'نور' }, isRead: false });
    expect(unreadCount).toBe(await unread(karim));
  });
});

describe('notifications', () => {
  it('groups messages from one person, reads one or all, clears, on every tab', async () => {
    const [hala, sami] = await Promise.all([enterAsGuest(server.url, 'هالة'), enterAsGuest(server.url, 'سامي')]);
    const halaTab1 = await tab(hala);
    const halaTab2 = await tab(hala);
    for (let i = 0; i < 5; i++) {
      server.clock.advance(3000);
      const arrived = nextEvent(halaTab2, 'newNotification', (e) => e.notification.count === i + 1);
      const sent = await api(server.url, '/api/private-messages/send', {
        body: { receiverId: hala.user.id, content: `رسالة ${i}` },
        cookie: sami.cookie,
      });
      expect(sent.status).toBe(200);
      await arrived;
    }
    const list = await notifications(hala);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 'message', count: 5, actor: { id: sami.user.id } });
    expect(list[0]!.text).toContain('5 رسائل خاصة');
    expect(await unread(hala)).toBe(1);

    // Someone else's notification is not found for me.
    expect(
      (await api(server.url, `/api/notifications/${list[0]!.id}/read`, { body: {}, cookie: sami.cookie })).status,
    ).toBe(404);

    const readOnOtherTab = nextEnvelope(halaTab2, 'notificationRead', (e) => e.id === list[0]!.id);
    expect(
      (await api(server.url, `/api/notifications/${list[0]!.id}/read`, { body: {}, cookie: hala.cookie })).status,
    ).toBe(200);
    expect((await readOnOtherTab).unreadCount).toBe(0);

    // Opening the conversation reads its notification too.
    server.clock.advance(3000);
    await api(server.url, '/api/private-messages/send', {
      body: { receiverId: hala.user.id, content: 'مرة أخرى' },
      cookie: sami.cookie,
    });
    await until(async () => (await unread(hala)) === 1);
    const convRead = nextEnvelope(halaTab1, 'notificationRead');
    await api(server.url, `/api/private-messages/${sami.user.id}/read`, { body: {}, cookie: hala.cookie });
    expect((await convRead).unreadCount).toBe(0);

    const asked = await api(server.url, '/api/friends/requests', {
      body: { userId: hala.user.id },
      cookie: sami.cookie,
    });
    await until(async () => (await unread(hala)) === 1);
    // Answering the request reads its notification.
    const answered = nextEnvelope(halaTab1, 'notificationRead');
    await api(server.url, `/api/friends/requests/${(asked.body.request as FriendRequest).id}/decline`, {
      body: {},
      cookie: hala.cookie,
    });
    expect((await answered).unreadCount).toBe(0);
    await api(server.url, '/api/friends/requests', { body: { userId: hala.user.id }, cookie: sami.cookie });
    await until(async () => (await unread(hala)) === 1);
    const allRead = nextEnvelope(halaTab1, 'notificationRead', (e) => e.id === null);
    await api(server.url, '/api/notifications/read-all', { body: {}, cookie: hala.cookie });
    expect((await allRead).unreadCount).toBe(0);

    const cleared = nextEnvelope(halaTab2, 'notificationsCleared');
    expect((await api(server.url, '/api/notifications', { method: 'DELETE', cookie: hala.cookie })).status).toBe(200);
    await cleared;
    expect(await notifications(hala)).toEqual([]);
    expect((await api(server.url, '/api/notifications')).status).toBe(401);
  });
});

/** `asker` asks `addressee` to be friends and is accepted. */
async function befriend(asker: SignedInClient, addressee: SignedInClient): Promise<void> {
  await api(server.url, '/api/friends/requests', { body: { userId: addressee.user.id }, cookie: asker.cookie });
  const incoming = (await api(server.url, '/api/friends/requests', { cookie: addressee.cookie })).body
    .incoming as FriendRequest[];
  const request = incoming.find((r) => r.from.id === asker.user.id)!;
  const accepted = await api(server.url, `/api/friends/requests/${request.id}/accept`, {
    body: {},
    cookie: addressee.cookie,
  });
  expect(accepted.status).toBe(200);
}

describe('friends', () => {
  it('tell friends, and only friends, when someone comes online or goes offline', async () => {
    const [sara, omar, nour] = await Promise.all([
      aMember(server, 'سارة_الحضور'),
      aMember(server, 'عمر_الحضور'),
      aMember(server, 'نور_الحضور'),
    ]);
    await befriend(sara, omar);
    const omarTab = await tab(omar);
    const bystander = recordEnvelopes(await tab(nour));

    const cameOnline = nextEnvelope(omarTab, 'friendPresence', (e) => e.userId === sara.user.id && e.isOnline);
    const saraTab = await tab(sara);
    await cameOnline;
    const wentOffline = nextEnvelope(omarTab, 'friendPresence', (e) => e.userId === sara.user.id && !e.isOnline);
    saraTab.close();
    await wentOffline;
    expect(bystander.some((e) => e.type === 'friendPresence')).toBe(false);
  });

  it('a staff friend who hides reads as gone offline, and as back when shown again', async () => {
    const [mod, friend] = await Promise.all([aMember(server, 'سلوى_تختفي', 'moderator'), aMember(server, 'صديق_وفي')]);
    await befriend(mod, friend);
    const friendTab = await tab(friend);
    await tab(mod);
    const hide = (isHidden: boolean) =>
      api(server.url, `/api/users/${mod.user.id}`, { method: 'PUT', body: { isHidden }, cookie: mod.cookie });
    const gone = nextEnvelope(friendTab, 'friendPresence', (e) => e.userId === mod.user.id && !e.isOnline);
    expect((await hide(true)).status).toBe(200);
    await gone;
    const back = nextEnvelope(friendTab, 'friendPresence', (e) => e.userId === mod.user.id && e.isOnline);
    expect((await hide(false)).status).toBe(200);
    await back;
  });

  it('request, accept, list with presence, unfriend; events only to the two', async () => {
    const [rami, dana, lina] = await Promise.all([
      enterAsGuest(server.url, 'رامي'),
      enterAsGuest(server.url, 'دانة'),
      enterAsGuest(server.url, 'لينا'),
    ]);
    const ramiTab = await tab(rami);
    const danaTab = await tab(dana);
    const linaTab = await tab(lina);
    const bystander = recordEnvelopes(linaTab);

    const received = nextEnvelope(danaTab, 'friendRequestReceived');
    const asked = await api(server.url, '/api/friends/requests', {
      body: { userId: dana.user.id },
      cookie: rami.cookie,
    });
    expect(asked.status).toBe(200);
    const request = (await received).request;
    expect(request).toMatchObject({ from: { id: rami.user.id }, to: { id: dana.user.id } });

    const requests = (await api(server.url, '/api/friends/requests', { cookie: dana.cookie })).body;
    expect((requests.incoming as FriendRequest[]).map((r) => r.id)).toEqual([request.id]);
    // Only the addressee accepts.
    expect(
      (await api(server.url, `/api/friends/requests/${request.id}/accept`, { body: {}, cookie: lina.cookie })).status,
    ).toBe(404);
    expect(
      (await api(server.url, `/api/friends/requests/${request.id}/accept`, { body: {}, cookie: rami.cookie })).status,
    ).toBe(404);

    const accepted = nextEnvelope(ramiTab, 'friendRequestAccepted');
    const addedForRami = nextEnvelope(ramiTab, 'friendAdded');
    const addedForDana = nextEnvelope(danaTab, 'friendAdded');
    expect(
      (await api(server.url, `/api/friends/requests/${request.id}/accept`, { body: {}, cookie: dana.cookie })).status,
    ).toBe(200);
    await accepted;
    expect((await addedForRami).friend.user.id).toBe(dana.user.id);
    expect((await addedForDana).friend.user.id).toBe(rami.user.id);

    const friends = (await api(server.url, '/api/friends', { cookie: rami.cookie })).body.friends as Friend[];
    expect(friends).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: dana.user.id, isOnline: true }) }),
    ]);
    expect(
      (await api(server.url, '/api/friends/requests', { body: { userId: dana.user.id }, cookie: rami.cookie })).status,
    ).toBe(409);

    // "Friends only" now admits a friend, and still refuses others.
    await api(server.url, `/api/users/${dana.user.id}`, {
      method: 'PUT',
      body: { privateMessagesFrom: 'friends' },
      cookie: dana.cookie,
    });
    server.clock.advance(3000);
    expect(
      (
        await api(server.url, '/api/private-messages/send', {
          body: { receiverId: dana.user.id, content: 'أهلاً' },
          cookie: rami.cookie,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(server.url, '/api/private-messages/send', {
          body: { receiverId: dana.user.id, content: 'أهلاً' },
          cookie: lina.cookie,
        })
      ).status,
    ).toBe(403);

    const removed = nextEnvelope(danaTab, 'friendRemoved');
    expect(
      (await api(server.url, `/api/friends/${dana.user.id}`, { method: 'DELETE', cookie: rami.cookie })).status,
    ).toBe(200);
    expect((await removed).userId).toBe(rami.user.id);
    expect((await api(server.url, '/api/friends', { cookie: dana.cookie })).body.friends).toEqual([]);
    expect(bystander.some((e) => e.type.startsWith('friend'))).toBe(false);

    // A request can be withdrawn; then it is gone for the addressee.
    const again = await api(server.url, '/api/friends/requests', {
      body: { userId: lina.user.id },
      cookie: rami.cookie,
    });
    const id = (again.body.request as FriendRequest).id;
    expect(
      (await api(server.url, `/api/friends/requests/${id}`, { method: 'DELETE', cookie: rami.cookie })).status,
    ).toBe(200);
    expect(
      ((await api(server.url, '/api/friends/requests', { cookie: lina.cookie })).body.incoming as unknown[]).length,
    ).toBe(0);
  });
});

describe('ignore', () => {
  it("only one's own list", async () => {
    const [a, b] = await Promise.all([enterAsGuest(server.url, 'أمل'), enterAsGuest(server.url, 'بلال')]);
    expect((await api(server.url, `/api/users/${b.user.id}/ignored`, { cookie: a.cookie })).status).toBe(403);
    expect(
      (await api(server.url, `/api/users/${b.user.id}/ignore/${a.user.id}`, { body: {}, cookie: a.cookie })).status,
    ).toBe(403);
    expect((await ignore(a, a)).status).toBe(403);
  });

  it("hides the ignored user's room messages, typing, reactions; refuses their PMs, mentions and requests quietly", async () => {
    const [zaid, fadi, other] = await Promise.all([
      aMember(server, 'زياد'),
      enterAsGuest(server.url, 'فادي'),
      enterAsGuest(server.url, 'رنا'),
    ]);
    const zaidTab = await tab(zaid, 'syria');
    const fadiTab = await tab(fadi, 'syria');
    const otherTab = await tab(other, 'syria');
    const zaidSecondTab = await tab(zaid, 'syria');

    const changed = nextEnvelope(zaidSecondTab, 'ignoreChanged');
    expect((await ignore(zaid, fadi)).status).toBe(200);
    expect(await changed).toMatchObject({ userId: fadi.user.id, ignoring: true });
    const ignored = (await api(server.url, `/api/users/${zaid.user.id}/ignored`, { cookie: zaid.cookie })).body;
    expect((ignored.ignoredUsers as { id: number }[]).map((u) => u.id)).toEqual([fadi.user.id]);

    const zaidSeen = recordEnvelopes(zaidTab);
    const zaidEvents: string[] = [];
    zaidTab.on('privateMessage', () => zaidEvents.push('privateMessage'));
    zaidTab.on('newNotification', () => zaidEvents.push('newNotification'));
    zaidTab.on('privateTyping', () => zaidEvents.push('privateTyping'));

    // Room message and typing: others get them, the ignorer does not.
    const toOther = nextEnvelope(otherTab, 'newMessage', (e) => e.message.senderId === fadi.user.id);
    const fromFadi = await say(fadiTab, 'syria', 'مرحباً @زياد');
    await toOther;
    const typed = nextEnvelope(otherTab, 'typing', (e) => e.userId === fadi.user.id);
    fadiTab.emit('typing', { roomId: 'syria', isTyping: true });
    await typed;
    const byRana = await say(otherTab, 'syria', 'رسالة رنا');
    const reacted = nextEnvelope(otherTab, 'reactionUpdated', (e) => e.reactorId === fadi.user.id);
    await react(fadi, byRana.id, 'heart');
    await reacted;

    // Private message: the sender sees it sent, exactly as usual.
    server.clock.advance(3000);
    const pm = await api(server.url, '/api/private-messages/send', {
      body: { receiverId: zaid.user.id, content: 'هل تسمعني؟' },
      cookie: fadi.cookie,
    });
    expect(pm.status).toBe(200);
    await handled(fadiTab, 'privateTyping', { targetUserId: zaid.user.id, isTyping: true });
    const friend = await api(server.url, '/api/friends/requests', {
      body: { userId: zaid.user.id },
      cookie: fadi.cookie,
    });
    expect(friend.status).toBe(200);
    expect(friend.body.request).toBeTruthy();

    // Everything above was sent, or not, by the time each call was answered.
    await settled(zaidTab);
    expect(
      zaidSeen.filter((e) => e.type === 'newMessage').map((e) => e.type === 'newMessage' && e.message.senderId),
    ).toEqual([other.user.id]);
    expect(zaidSeen.some((e) => e.type === 'typing' || e.type === 'friendRequestReceived')).toBe(false);
    expect(zaidSeen.some((e) => e.type === 'reactionUpdated' && e.reactorId === fadi.user.id)).toBe(false);
    expect(zaidEvents).toEqual([]);
    expect(await notifications(zaid)).toEqual([]);
    const conversations = (
      await api(server.url, `/api/private-messages/conversations/${zaid.user.id}`, { cookie: zaid.cookie })
    ).body.conversations as unknown[];
    expect(conversations).toEqual([]);
    const page = (
      await api(server.url, `/api/private-messages/${zaid.user.id}/${fadi.user.id}`, { cookie: zaid.cookie })
    ).body.messages as Message[];
    expect(page).toEqual([]);
    expect(
      ((await api(server.url, '/api/friends/requests', { cookie: zaid.cookie })).body.incoming as unknown[]).length,
    ).toBe(0);
    const history = (await api(server.url, '/api/messages/room/syria/latest', { cookie: zaid.cookie })).body
      .messages as Message[];
    expect(history.some((m) => m.id === fromFadi.id)).toBe(false);
    // A new tab opened later is filtered too.
    const lateTab = await tab(zaid, 'syria');
    const lateSeen = recordEnvelopes(lateTab);
    const stillHere = nextEnvelope(otherTab, 'newMessage', (e) => e.message.content === 'ما زلت هنا');
    await say(fadiTab, 'syria', 'ما زلت هنا');
    await stillHere;
    await settled(lateTab);
    expect(lateSeen.some((e) => e.type === 'newMessage')).toBe(false);

    // Unignored: messages arrive again (the tab has left the filter channel once it is told).
    const unignored = nextEnvelope(zaidTab, 'ignoreChanged', (e) => !e.ignoring);
    expect((await ignore(zaid, fadi, 'DELETE')).status).toBe(200);
    await unignored;
    const again = nextEnvelope(zaidTab, 'newMessage', (e) => e.message.senderId === fadi.user.id);
    await say(fadiTab, 'syria', 'عدت');
    await again;
  });

  it("a guest's ignore list ends after 7 days", async () => {
    const [g, t] = await Promise.all([enterAsGuest(server.url, 'جود'), enterAsGuest(server.url, 'تيم')]);
    await ignore(g, t);
    const list = async () =>
      ((await api(server.url, `/api/users/${g.user.id}/ignored`, { cookie: g.cookie })).body.ignoredUsers as unknown[])
        .length;
    expect(await list()).toBe(1);
    server.clock.advance(7 * 24 * 60 * 60_000 + 1000);
    expect(await list()).toBe(0);
  });
});
