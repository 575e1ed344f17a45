import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, ROOM_LOCKED_JOIN_MESSAGE } from '../../../../shared/api/errors';
import { PING, REJOIN_DELAY_MS, TYPING_INDICATOR_MS } from '../../../../shared/constants';
import type { Room } from '../../../../shared/entities/room';
import type { Message } from '../../../../shared/entities/message';
import type { MessageEnvelope } from '../../../../shared/realtime/protocol';
import { reportsKey } from '../../moderation/reports-query';
import { ROOMS_QUERY_KEY } from '../../rooms/rooms-query';
import { createSessionStore } from '../../session/session-store';
import { CHAT_TEXTS } from '../texts';
import { MemoryOutbox, type Outbox } from '../../../realtime/outbox';
import { MemoryRoomCache, type RoomCache } from '../../../realtime/room-cache';
import { createLive } from '../../../app/live';
import type { ChatClient } from './chat-client';
import { onlineIn, roomTimeline, timelineOf } from './chat-state';
import { aMessage, anOnlineUser, aPublicUser, aRoom, aSelfUser } from '../../../testing/fixtures';
import { FakeFallbackHttp, FakePage, FakeSocket, settle } from '../../../realtime/test-doubles';

const ME = 1;
const STYLE = { textColor: '#b91c1c', bold: true };

/** `outbox`, `roomCache`: what an earlier visit left (the same stores, a new page). */
function setup(outbox: Outbox = new MemoryOutbox(), roomCache: RoomCache = new MemoryRoomCache()) {
  const socket = new FakeSocket();
  const page = new FakePage();
  const session = createSessionStore();
  session.signIn(aSelfUser(ME, { username: 'سارة' }));
  session.selectRoom('general');
  const queryClient = new QueryClient();
  queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, [aRoom('general', { isDefault: true }), aRoom('egypt')]);
  const notify = vi.fn();
  const inform = vi.fn();
  const incoming = vi.fn();
  const sanctions = { kicked: vi.fn(), blocked: vi.fn(), refused: vi.fn() };
  const history = vi.fn(async (_roomId: string, _sinceId: number | undefined) => [aMessage(1), aMessage(2)]);
  const olderHistory = vi.fn(async (_roomId: string, beforeId: number) => ({
    messages: [aMessage(beforeId - 2), aMessage(beforeId - 1)],
    hasMore: beforeId > 3,
  }));
  let ids = 0;
  const fallback = new FakeFallbackHttp();
  const live = createLive({
    session,
    queryClient,
    socket: socket.asSocket(),
    page,
    outbox,
    roomCache,
    notify,
    inform,
    incoming,
    sanctions,
    history,
    olderHistory,
    newId: () => `c${++ids}`,
    fallbackHttp: fallback.http,
  });
  live.start();
  const client = live.chat;
  /** The socket link's state (the realtime core's). */
  const link = () => live.realtime.linkState.getState();
  return {
    live,
    link,
    socket,
    page,
    session,
    queryClient,
    outbox,
    notify,
    inform,
    incoming,
    sanctions,
    history,
    olderHistory,
    client,
    fallback,
  };
}

/** Connected, authenticated and in the saved room, history loaded. */
async function inRoom(roomId = 'general', outbox?: Outbox, roomCache?: RoomCache) {
  const t = setup(outbox, roomCache);
  t.session.selectRoom(roomId);
  t.socket.accept();
  t.socket.fire('authenticated', { user: aSelfUser(ME, { username: 'سارة' }), serverTime: Date.now() });
  await t.socket.answer('joinRoom', { ok: true, roomId });
  return t;
}

const timeline = (client: ChatClient, roomId = 'general') => timelineOf(client.getState(), roomTimeline(roomId));

function envelope(socket: FakeSocket, message: MessageEnvelope): void {
  socket.fire('message', message);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
});
afterEach(() => vi.useRealTimers());

describe('connecting', () => {
  it('connects on start and sends `auth` with the stored record on every connect', () => {
    const { socket, link } = setup();
    expect(socket.connectCalls).toBe(1);
    expect(link().status).toBe('connecting');
    socket.accept();
    expect(link()).toMatchObject({ status: 'connected', everConnected: true });
    expect(socket.emitsOf('auth')).toEqual([
      expect.objectContaining({ userId: ME, username: 'سارة', userType: 'guest', reconnect: false }),
    ]);
  });

  it('joins the saved room after `authenticated` and loads its latest messages', async () => {
    const { socket, client, history, session } = setup();
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME, { role: 'member' }), serverTime: 0 });
    expect(session.getState().user?.role).toBe('member');
    expect(socket.waiting('joinRoom')).toEqual([{ roomId: 'general' }]);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(client.getState().joinedRoomId).toBe('general');
    expect(history).toHaveBeenCalledWith('general', undefined);
    expect(timeline(client).messages.map((m) => m.id)).toEqual([1, 2]);
    expect(timeline(client).loaded).toBe(true);
  });

  it('knows when the device has no network, and tries to connect as soon as it is back', async () => {
    const { socket, page, link } = await inRoom();
    socket.drop();
    page.setOnline(false);
    expect(link().networkOnline).toBe(false);
    const calls = socket.connectCalls;
    page.setOnline(true);
    expect(link().networkOnline).toBe(true);
    vi.advanceTimersByTime(0);
    expect(socket.connectCalls).toBe(calls + 1);
  });

  it('loads older pages before the oldest shown, one request at a time, until the start', async () => {
    const { socket, client, history, olderHistory } = setup();
    history.mockResolvedValueOnce(Array.from({ length: 12 }, (_, i) => aMessage(i + 5)));
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME), serverTime: 0 });
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(timeline(client).reachedStart).toBe(false);
    const first = client.loadOlder('general');
    expect(await client.loadOlder('general')).toBe(false); // already loading
    expect(await first).toBe(true);
    expect(olderHistory).toHaveBeenCalledTimes(1);
    expect(olderHistory).toHaveBeenLastCalledWith('general', 5);
    expect(await client.loadOlder('general')).toBe(true);
    expect(olderHistory).toHaveBeenLastCalledWith('general', 3);
    expect(timeline(client).messages[0]!.id).toBe(1);
    expect(timeline(client).reachedStart).toBe(true);
    expect(await client.loadOlder('general')).toBe(false);
    expect(olderHistory).toHaveBeenCalledTimes(2);
  });

  it('after a reconnect, re-joins the room 600 ms later and asks only for what it missed', async () => {
    const { socket, client, history, link } = await inRoom();
    vi.advanceTimersByTime(5000);
    socket.drop();
    expect(link().status).toBe('disconnected');
    socket.accept();
    expect(socket.emitsOf('auth').at(-1)).toMatchObject({ reconnect: true });
    socket.fire('authenticated', { user: aSelfUser(ME), serverTime: 0 });
    expect(client.getState().joinedRoomId).toBeNull();
    vi.advanceTimersByTime(REJOIN_DELAY_MS);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(history).toHaveBeenLastCalledWith('general', 2);
    expect(client.getState().joinedRoomId).toBe('general');
  });

  it('shows a locked room refusal and goes back to the room it was in', async () => {
    const { socket, client, notify, session } = await inRoom();
    vi.advanceTimersByTime(2000);
    session.selectRoom('vip');
    client.joinRoom('vip');
    await socket.answer('joinRoom', { ok: false, code: 'ROOM_LOCKED', message: ERROR_MESSAGES.ROOM_LOCKED });
    expect(notify).toHaveBeenCalledWith(CHAT_TEXTS.lockedRoom);
    expect(session.getState().roomId).toBe('general');
  });

  it('shows socket errors as toasts', () => {
    const { socket, notify } = setup();
    socket.fire('error', { code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
    expect(notify).toHaveBeenCalledWith(ERROR_MESSAGES.RATE_LIMITED);
  });

  it("shows a refused join's 'locked' error event as the Arabic toast alone", () => {
    const { socket, notify } = setup();
    socket.fire('error', { code: 'ROOM_LOCKED', message: ROOM_LOCKED_JOIN_MESSAGE, action: 'joinRoom' });
    expect(notify).toHaveBeenCalledWith(CHAT_TEXTS.lockedRoom);
    expect(notify).not.toHaveBeenCalledWith(expect.stringContaining('locked'));
  });
});

describe('refused connections', () => {
  it('UNAUTHORIZED ends the session', () => {
    const { socket, session } = setup();
    socket.refuse({ code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED }, 'UNAUTHORIZED');
    expect(session.getState().status).toBe('anonymous');
  });

  it('CLIENT_OUTDATED stops reconnecting for good and asks for a reload', () => {
    const { socket, link } = setup();
    socket.refuse({ code: 'CLIENT_OUTDATED', message: ERROR_MESSAGES.CLIENT_OUTDATED });
    expect(link()).toMatchObject({ status: 'error', refusal: 'CLIENT_OUTDATED' });
    expect(socket.reconnectionEnabled).toBe(false);
    expect(socket.disconnectCalls).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
  });

  it('TOO_MANY_CONNECTIONS shows why and keeps retrying with backoff until let in', () => {
    const { socket, link } = setup();
    socket.refuse({ code: 'TOO_MANY_CONNECTIONS', message: ERROR_MESSAGES.TOO_MANY_CONNECTIONS });
    expect(link().refusal).toBe('TOO_MANY_CONNECTIONS');
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(2);
    socket.refuse({ code: 'TOO_MANY_CONNECTIONS', message: ERROR_MESSAGES.TOO_MANY_CONNECTIONS });
    vi.advanceTimersByTime(5000);
    expect(socket.connectCalls).toBe(3);
    socket.accept();
    expect(link()).toMatchObject({ status: 'connected', refusal: null });
  });

  it('leaves a transport failure to Socket.IO (which retries on its own)', () => {
    const { socket, link } = setup();
    socket.failTransport();
    expect(link()).toMatchObject({ status: 'error', refusal: null });
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
  });

  it('connects again when the server closed the connection', () => {
    const { socket } = setup();
    socket.accept();
    socket.drop('io server disconnect');
    vi.advanceTimersByTime(500);
    expect(socket.connectCalls).toBe(2);
  });
});

describe('server envelopes', () => {
  it('userUpdated for ourselves updates the session with the full record', async () => {
    const { socket, session } = await inRoom();
    envelope(socket, { type: 'userUpdated', user: aSelfUser(ME, { role: 'moderator', showSystemMessages: false }) });
    expect(session.getState().user).toMatchObject({ role: 'moderator', showSystemMessages: false });
  });

  it("userUpdated for ourselves with only the public profile keeps the record's private settings", async () => {
    const { socket, session } = await inRoom();
    envelope(socket, { type: 'userUpdated', user: aPublicUser(ME, { username: 'سارة', role: 'admin' }) });
    expect(session.getState().user).toMatchObject({ role: 'admin', showSystemMessages: true, isHidden: false });
  });

  it('userUpdated for someone else updates the lists, not the session', async () => {
    const { socket, session, client } = await inRoom();
    envelope(socket, { type: 'onlineUsers', roomId: 'general', users: [anOnlineUser(ME), anOnlineUser(2)] });
    envelope(socket, { type: 'userUpdated', user: aPublicUser(2, { role: 'moderator' }) });
    expect(onlineIn(client.getState(), 'general')[1]!.role).toBe('moderator');
    expect(timeline(client).messages.every((m) => m.sender?.role === 'moderator')).toBe(true);
    expect(session.getState().user?.role).toBe('guest');
  });

  it('roomUpdate roomChanged replaces the room in the room list; a count update changes only the count', async () => {
    const { socket, queryClient } = await inRoom();
    socket.fire('roomUpdate', { type: 'roomChanged', roomId: 'egypt', room: aRoom('egypt', { isLocked: true }) });
    expect(queryClient.getQueryData<Room[]>(ROOMS_QUERY_KEY)!.find((r) => r.id === 'egypt')!.isLocked).toBe(true);
    socket.fire('roomUpdate', { type: 'userCountUpdate', roomId: 'egypt', userCount: 7 });
    const rooms = queryClient.getQueryData<Room[]>(ROOMS_QUERY_KEY)!;
    expect(rooms.find((r) => r.id === 'egypt')).toMatchObject({ isLocked: true, userCount: 7 });
  });

  it('roomUpdate roomChanged adds a room not listed yet and removes one no longer active', async () => {
    const { socket, queryClient } = await inRoom();
    socket.fire('roomUpdate', { type: 'roomChanged', roomId: 'iraq', room: aRoom('iraq', { userCount: 3 }) });
    socket.fire('roomUpdate', { type: 'roomChanged', roomId: 'egypt', room: aRoom('egypt', { isActive: false }) });
    expect(queryClient.getQueryData<Room[]>(ROOMS_QUERY_KEY)!.map((r) => r.id)).toEqual(['general', 'iraq']);
  });

  it('roomJoined refreshes the room in the room list', async () => {
    const { socket, queryClient } = await inRoom();
    envelope(socket, {
      type: 'roomJoined',
      roomId: 'general',
      room: aRoom('general', { isDefault: true, userCount: 9 }),
    });
    expect(queryClient.getQueryData<Room[]>(ROOMS_QUERY_KEY)![0]!.userCount).toBe(9);
  });

  it('clears a typing indicator 3 s after the last signal', async () => {
    const { socket, client } = await inRoom();
    envelope(socket, { type: 'typing', roomId: 'general', userId: 2, username: 'user2', isTyping: true });
    expect(timeline(client).typing).toHaveLength(1);
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 1000);
    expect(timeline(client).typing).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(timeline(client).typing).toEqual([]);
  });
});

describe('sending', () => {
  it('shows the message at once, sends it with its clientMessageId, and keeps the stored copy', async () => {
    const { socket, client, outbox } = await inRoom();
    expect(client.sendMessage('  مرحبا  ', STYLE)).toBe(true);
    expect(timeline(client).messages.at(-1)).toMatchObject({ content: 'مرحبا', pending: true });
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([
      {
        roomId: 'general',
        content: 'مرحبا',
        messageType: 'text',
        textColor: '#b91c1c',
        bold: true,
        clientMessageId: 'c1',
      },
    ]);
    await socket.answer('publicMessage', {
      ok: true,
      message: aMessage(3, { senderId: ME, clientMessageId: 'c1', content: 'مرحبا' }),
    });
    expect(timeline(client).messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(await outbox.pending()).toEqual([]);
  });

  it('refuses empty or too long text, and sending before the room is joined', async () => {
    const early = setup();
    expect(early.client.sendMessage('hello', STYLE)).toBe(false);
    const { client, notify } = await inRoom();
    expect(client.sendMessage('   ', STYLE)).toBe(false);
    expect(client.sendMessage('x'.repeat(1001), STYLE)).toBe(false);
    expect(notify).toHaveBeenCalledWith(CHAT_TEXTS.messageTooLong);
  });

  it('marks a refused message as not sent with the reason; a retry sends it again with the same id', async () => {
    const { socket, client, notify, outbox } = await inRoom();
    client.sendMessage('مرحبا', STYLE);
    await settle();
    await socket.answer('publicMessage', { ok: false, code: 'MESSAGE_BLOCKED_WORD', message: 'كلمة ممنوعة' });
    const failed = timeline(client).messages.at(-1)!;
    expect(failed).toMatchObject({ failed: true, pending: false, failReason: 'كلمة ممنوعة' });
    expect(notify).toHaveBeenCalledWith('كلمة ممنوعة');
    expect(await outbox.pending()).toEqual([]);
    client.retry(failed);
    expect(timeline(client).messages.at(-1)).toMatchObject({ failed: false, pending: true });
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ clientMessageId: 'c1' })]);
  });

  it('keeps what was written while disconnected and sends it once the room is joined again', async () => {
    const { socket, client, outbox } = await inRoom();
    vi.advanceTimersByTime(5000);
    socket.drop();
    expect(client.sendMessage('أثناء الانقطاع', STYLE)).toBe(true);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([]);
    expect((await outbox.pending('general')).map((e) => e.content)).toEqual(['أثناء الانقطاع']);
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME), serverTime: 0 });
    vi.advanceTimersByTime(REJOIN_DELAY_MS);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ content: 'أثناء الانقطاع' })]);
  });

  it('deletes a message that failed for good from the screen', async () => {
    const { socket, client } = await inRoom();
    client.sendMessage('طويلة', STYLE);
    await settle();
    await socket.answer('publicMessage', { ok: false, code: 'MESSAGE_TOO_LONG', message: 'طويلة جداً' });
    client.discard(timeline(client).messages.at(-1)!);
    expect(timeline(client).messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('keeps a rate-limited message queued, says why and until when, and sends it again after the seconds given', async () => {
    const { socket, client, outbox, notify } = await inRoom();
    client.sendMessage('بسرعة', STYLE);
    await settle();
    await socket.answer('publicMessage', { ok: false, code: 'MESSAGE_RATE_LIMITED', message: 'تمهل', timeLeft: 3 });
    expect(notify).toHaveBeenCalledWith('تمهل');
    expect(timeline(client).messages.at(-1)).toMatchObject({ pending: true });
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['c1']);
    vi.advanceTimersByTime(2900);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([]);
    vi.advanceTimersByTime(100);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ clientMessageId: 'c1' })]);
  });

  it('keeps a message the site could not store (database down, 503) and sends it when the site answers again', async () => {
    const { socket, client, outbox } = await inRoom();
    client.sendMessage('أثناء العطل', STYLE);
    await settle();
    await socket.answer('publicMessage', {
      ok: false,
      code: 'SERVICE_UNAVAILABLE',
      message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
    });
    expect(timeline(client).messages.at(-1)).toMatchObject({ pending: true });
    expect((await outbox.pending()).map((e) => e.id)).toEqual(['c1']);
    vi.advanceTimersByTime(4900);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([]);
    vi.advanceTimersByTime(100);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ clientMessageId: 'c1' })]);
    await socket.answer('publicMessage', {
      ok: true,
      message: aMessage(10, { senderId: ME, clientMessageId: 'c1', content: 'أثناء العطل' }),
    });
    await settle();
    expect(await outbox.pending()).toEqual([]);
  });

  it('sends what was written offline one at a time, in order', async () => {
    const { socket, client } = await inRoom();
    vi.advanceTimersByTime(5000);
    socket.drop();
    for (const text of ['أولى', 'ثانية', 'ثالثة']) client.sendMessage(text, STYLE);
    await settle();
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME), serverTime: 0 });
    vi.advanceTimersByTime(REJOIN_DELAY_MS);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    for (const [i, text] of ['أولى', 'ثانية', 'ثالثة'].entries()) {
      expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ content: text })]);
      await socket.answer('publicMessage', {
        ok: true,
        message: aMessage(10 + i, { senderId: ME, clientMessageId: `c${i + 1}`, content: text }),
      });
      await settle();
    }
    expect(
      timeline(client)
        .messages.map((m) => m.content)
        .slice(-3),
    ).toEqual(['أولى', 'ثانية', 'ثالثة']);
    expect(timeline(client).messages.some((m) => m.pending)).toBe(false);
  });

  it('shows and sends, once the room is joined, what an earlier visit left queued', async () => {
    const left = new MemoryOutbox();
    const base = { senderId: ME, roomId: 'general', messageType: 'text' as const, textColor: null, bold: false };
    await left.put({ ...base, id: 'old-1', createdAt: Date.now() - 60_000, content: 'كتبتها في النفق' });
    await left.put({ ...base, id: 'old-2', createdAt: Date.now() - 30_000, content: 'وهذه أيضاً' });
    const { socket, client } = await inRoom('general', left);
    await settle();
    expect(
      timeline(client)
        .messages.filter((m) => m.pending)
        .map((m) => m.content),
    ).toEqual(['كتبتها في النفق', 'وهذه أيضاً']);
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ clientMessageId: 'old-1' })]);
  });

  it('sends what is still queued when the page becomes visible again', async () => {
    const { socket, page, outbox } = await inRoom();
    await outbox.put({
      id: 'stuck',
      createdAt: Date.now(),
      senderId: ME,
      roomId: 'general',
      content: 'بقيت في الطابور',
      messageType: 'text',
      textColor: null,
      bold: false,
    });
    page.setHidden(true);
    page.setHidden(false);
    await settle();
    expect(socket.waiting('publicMessage')).toEqual([expect.objectContaining({ clientMessageId: 'stuck' })]);
  });

  it('sends typing at most every 2 s, and a stop at once', async () => {
    const { socket, client } = await inRoom();
    client.setTyping(true);
    client.setTyping(true);
    vi.advanceTimersByTime(2000);
    client.setTyping(true);
    client.setTyping(false);
    client.setTyping(false);
    expect(socket.emitsOf('typing')).toEqual([
      { roomId: 'general', isTyping: true },
      { roomId: 'general', isTyping: true },
      { roomId: 'general', isTyping: false },
    ]);
  });
});

describe('the room cache', () => {
  it('shows the room from the cache at once, then merges only the newer messages from the server', async () => {
    const cache = new MemoryRoomCache();
    await cache.save('general', [aMessage(5), aMessage(6)]);
    const { socket, client, history } = setup(new MemoryOutbox(), cache);
    history.mockResolvedValueOnce([aMessage(6), aMessage(7)]);
    client.joinRoom('general');
    await settle();
    expect(timeline(client).messages.map((m) => m.id)).toEqual([5, 6]);
    expect(timeline(client).loaded).toBe(false);
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME), serverTime: 0 });
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(history).toHaveBeenLastCalledWith('general', 6);
    expect(timeline(client).messages.map((m) => m.id)).toEqual([5, 6, 7]);
  });

  it("keeps the joined room's stored messages a second after they changed, without unsent copies", async () => {
    const cache = new MemoryRoomCache();
    const { client } = await inRoom('general', undefined, cache);
    vi.advanceTimersByTime(1000);
    await settle();
    expect(cache.rooms.get('general')).toMatchObject({ lastId: 2, lastTimestamp: aMessage(2).timestamp });
    client.sendMessage('لم تصل بعد', STYLE);
    vi.advanceTimersByTime(1000);
    await settle();
    expect(cache.rooms.get('general')?.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('writes nothing once signed out (the local data is being deleted)', async () => {
    const cache = new MemoryRoomCache();
    const { live, session } = await inRoom('general', undefined, cache);
    session.expire();
    live.stop();
    vi.advanceTimersByTime(1000);
    await settle();
    expect(cache.rooms.size).toBe(0);
  });

  it('writes the cache at once when the page goes away', async () => {
    const cache = new MemoryRoomCache();
    const { page } = await inRoom('general', undefined, cache);
    page.hide();
    await settle();
    expect(cache.rooms.get('general')?.messages.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('the page', () => {
  it('pings every 20 s, and every 30 s while hidden', async () => {
    const { socket, page } = await inRoom();
    vi.advanceTimersByTime(PING.foregroundMs);
    expect(socket.emitsOf('client_ping')).toHaveLength(1);
    page.setHidden(true);
    vi.advanceTimersByTime(PING.foregroundMs);
    expect(socket.emitsOf('client_ping')).toHaveLength(1);
    vi.advanceTimersByTime(PING.backgroundMs - PING.foregroundMs);
    expect(socket.emitsOf('client_ping')).toHaveLength(2);
  });

  it('says it is going to the background, buffers room messages while hidden and applies them when visible', async () => {
    const { socket, page, client } = await inRoom();
    page.setHidden(true);
    expect(socket.emitsOf('going_background')).toHaveLength(1);
    expect(page.beacons).toEqual(['/api/ping']);
    envelope(socket, { type: 'newMessage', message: aMessage(5) });
    expect(timeline(client).messages.map((m) => m.id)).toEqual([1, 2]);
    page.setHidden(false);
    expect(timeline(client).messages.map((m) => m.id)).toEqual([1, 2, 5]);
  });

  it('sends a ping beacon when the page goes away', () => {
    const { page } = setup();
    page.hide();
    expect(page.beacons).toEqual(['/api/ping']);
  });

  it('starts again after a stop (React development mode mounts twice)', () => {
    const { socket, live, link } = setup();
    live.stop();
    live.start();
    socket.accept();
    socket.drop();
    expect(link().status).toBe('disconnected');
    socket.accept();
    expect(socket.emitsOf('auth')).toHaveLength(2);
  });

  it('stops everything on stop', async () => {
    const { socket, page, live } = await inRoom();
    live.stop();
    expect(socket.connected).toBe(false);
    page.setHidden(true);
    vi.advanceTimersByTime(60_000);
    expect(socket.emitsOf('client_ping')).toEqual([]);
    expect(page.beacons).toEqual([]);
  });
});

describe('moderation', () => {
  const kicked = { moderator: 'سامي', reason: 'إزعاج', duration: 15, until: '2026-01-01T12:15:00.000Z', kind: 'kick' };

  it('a kick shows the overlay, stops the connection for good and clears the session', async () => {
    const { socket, session, sanctions } = await inRoom();
    socket.fire('kicked', kicked);
    expect(sanctions.kicked).toHaveBeenCalledWith(kicked);
    expect(session.getState()).toMatchObject({ status: 'anonymous', record: null });
    expect(socket.reconnectionEnabled).toBe(false);
    // The server closes the socket after the event: nothing reconnects.
    socket.drop('io server disconnect');
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
  });

  it('a block is told, and the session ends the same way', async () => {
    const { socket, session, sanctions } = await inRoom();
    socket.fire('blocked', { moderator: 'سامي', reason: 'انتحال' });
    expect(sanctions.blocked).toHaveBeenCalledWith({ moderator: 'سامي', reason: 'انتحال' });
    expect(session.getState().status).toBe('anonymous');
    expect(socket.disconnectCalls).toBeGreaterThan(0);
  });

  it('a reconnect refused for a ban shows the time left and stops trying', () => {
    const { socket, session, sanctions } = setup();
    socket.refuse({ code: 'BANNED', message: ERROR_MESSAGES.BANNED, timeLeft: 300 });
    expect(sanctions.refused).toHaveBeenCalledWith('BANNED', 300);
    expect(session.getState().status).toBe('anonymous');
    vi.advanceTimersByTime(60_000);
    expect(socket.connectCalls).toBe(1);
    const blocked = setup();
    blocked.socket.refuse({ code: 'DEVICE_BLOCKED', message: ERROR_MESSAGES.DEVICE_BLOCKED });
    expect(blocked.sanctions.refused).toHaveBeenCalledWith('DEVICE_BLOCKED', undefined);
  });

  it('a refused event naming a sanction (spec §7 error action) is a sanction, not a toast', async () => {
    const { socket, notify, sanctions, session } = await inRoom();
    socket.fire('error', { code: 'FORBIDDEN', message: 'x', action: 'banned', timeLeft: 120 });
    expect(sanctions.refused).toHaveBeenCalledWith('BANNED', 120);
    expect(notify).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('anonymous');
  });

  it('a join refused for a ban is the overlay, not a toast', async () => {
    const { socket, client, notify, sanctions, session } = await inRoom();
    vi.advanceTimersByTime(2000);
    session.selectRoom('egypt');
    client.joinRoom('egypt');
    await socket.answer('joinRoom', { ok: false, code: 'BANNED', message: ERROR_MESSAGES.BANNED, timeLeft: 90 });
    expect(sanctions.refused).toHaveBeenCalledWith('BANNED', 90);
    expect(notify).not.toHaveBeenCalled();
    expect(session.getState().status).toBe('anonymous');
  });

  it('knows until when the user is muted: from authenticated, restrictionsChanged, a refused send', async () => {
    const { socket, client } = setup();
    socket.accept();
    socket.fire('authenticated', {
      user: aSelfUser(ME),
      serverTime: Date.now(),
      restrictions: { mutedUntil: '2026-01-01T12:30:00.000Z' },
    });
    expect(client.getState().mutedUntil).toBe(Date.UTC(2026, 0, 1, 12, 30));
    envelope(socket, { type: 'restrictionsChanged', mutedUntil: null });
    expect(client.getState().mutedUntil).toBeNull();

    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    client.sendMessage('مرحبا', STYLE);
    await settle();
    await socket.answer('publicMessage', { ok: false, code: 'MUTED', message: ERROR_MESSAGES.MUTED, timeLeft: 60 });
    expect(client.getState().mutedUntil).toBe(Date.now() + 60_000);
  });

  it("announces others' room messages for the sound, never one's own or a notice", async () => {
    const { socket, incoming } = await inRoom();
    envelope(socket, { type: 'newMessage', message: aMessage(40) });
    envelope(socket, { type: 'newMessage', message: aMessage(41, { senderId: ME, sender: aPublicUser(ME) }) });
    envelope(socket, { type: 'newMessage', message: aMessage(42, { messageType: 'system' }) });
    expect(incoming.mock.calls.map(([m]) => (m as Message).id)).toEqual([40]);
  });

  it('shows site notices as toasts, adds new reports to the open queue and takes closed ones out', async () => {
    const { socket, inform, queryClient } = await inRoom();
    envelope(socket, { type: 'systemNotification', text: 'عولج بلاغك، شكراً لك' });
    expect(inform).toHaveBeenCalledWith('عولج بلاغك، شكراً لك');

    queryClient.setQueryData(reportsKey('open'), []);
    const report = {
      id: 7,
      reporterId: 2,
      reporterName: 'ليلى',
      messageId: 3,
      userId: 4,
      username: 'علي',
      reason: 'إزعاج',
      excerpt: 'نص',
      roomId: 'general',
      status: 'open' as const,
      handledByName: null,
      outcome: null,
      createdAt: '2026-01-01T12:00:00.000Z',
    };
    envelope(socket, { type: 'reportCreated', report });
    envelope(socket, { type: 'reportCreated', report });
    expect(queryClient.getQueryData(reportsKey('open'))).toEqual([report]);

    // Closed by another staff member: gone from this one's open queue too.
    envelope(socket, { type: 'reportHandled', report: { ...report, status: 'dismissed', handledByName: 'سلمى' } });
    expect(queryClient.getQueryData(reportsKey('open'))).toEqual([]);
  });
});
