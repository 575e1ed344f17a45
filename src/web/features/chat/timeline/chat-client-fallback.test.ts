import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLLING } from '../../../../shared/constants';
import type { Room } from '../../../../shared/entities/room';
import { ApiError } from '../../../lib/api';
import { ROOMS_QUERY_KEY } from '../../rooms/rooms-query';
import { createSessionStore } from '../../session/session-store';
import { MemoryOutbox } from '../../../realtime/outbox';
import { MemoryRoomCache } from '../../../realtime/room-cache';
import { createLive } from '../../../app/live';
import type { ChatClient } from './chat-client';
import { roomTimeline, timelineOf } from './chat-state';
import { aMessage, aRoom, aSelfUser } from '../../../testing/fixtures';
import { FakeFallbackHttp, FakePage, FakeSocket, settle } from '../../../realtime/test-doubles';

// The chat when the socket is down: polling `/since`, sending over HTTP, buffering while hidden.

const ME = 1;
const STYLE = { textColor: '#000000', bold: false };
/** Past the 2–2.5 s start delay. */
const START = POLLING.startDelayMaxMs;

function setup() {
  const socket = new FakeSocket();
  const page = new FakePage();
  const session = createSessionStore();
  session.signIn(aSelfUser(ME, { username: 'سارة' }));
  session.selectRoom('general');
  const queryClient = new QueryClient();
  queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, [aRoom('general', { isDefault: true })]);
  const fallback = new FakeFallbackHttp();
  const outbox = new MemoryOutbox();
  const roomCache = new MemoryRoomCache();
  const incoming = vi.fn();
  let ids = 0;
  const live = createLive({
    session,
    queryClient,
    socket: socket.asSocket(),
    page,
    outbox,
    roomCache,
    notify: vi.fn(),
    inform: vi.fn(),
    incoming,
    sanctions: { kicked: vi.fn(), blocked: vi.fn(), refused: vi.fn() },
    history: async () => [aMessage(1), aMessage(2)],
    olderHistory: async () => ({ messages: [], hasMore: false }),
    newId: () => `c${++ids}`,
    fallbackHttp: fallback.http,
  });
  live.start();
  return { socket, page, session, client: live.chat, realtime: live.realtime, fallback, outbox, roomCache, incoming };
}

async function inRoom() {
  const t = setup();
  t.socket.accept();
  t.socket.fire('authenticated', { user: aSelfUser(ME, { username: 'سارة' }), serverTime: Date.now() });
  await t.socket.answer('joinRoom', { ok: true, roomId: 'general' });
  return t;
}

const shown = (client: ChatClient) =>
  timelineOf(client.getState(), roomTimeline('general')).messages.map((m) => m.content);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
});
afterEach(() => vi.useRealTimers());

describe('the polling fallback in the chat', () => {
  it('polls what came after the last message 2–2.5 s after the socket dropped, and stops once rejoined', async () => {
    const { socket, client, realtime, fallback } = await inRoom();
    fallback.answer = (_room, sinceId) => ({
      messages: sinceId === 2 ? [aMessage(3, { content: 'من الاستطلاع' })] : [],
      serverLatency: 1,
    });
    socket.drop();
    await vi.advanceTimersByTimeAsync(1900);
    expect(fallback.polls).toEqual([]);
    await vi.advanceTimersByTimeAsync(START - 1900);
    expect(fallback.polls).toEqual([{ roomId: 'general', sinceId: 2, fromId: 1 }]);
    expect(shown(client)).toEqual(['message 1', 'message 2', 'من الاستطلاع']);
    expect(realtime.health.store.getState()).toMatchObject({ polling: true, transport: 'http' });
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs);
    expect(fallback.polls.at(-1)).toEqual({ roomId: 'general', sinceId: 3, fromId: 1 });

    // Back: `auth` again, the room joined again, polling stops.
    socket.accept();
    expect(socket.emitsOf('auth')).toHaveLength(2);
    socket.fire('authenticated', { user: aSelfUser(ME, { username: 'سارة' }), serverTime: Date.now() });
    await vi.advanceTimersByTimeAsync(700);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    expect(realtime.polling).toBe(false);
    const polls = fallback.polls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fallback.polls).toHaveLength(polls);
  });

  it('sends over HTTP while polling, with the same clientMessageId, and shows the stored copy', async () => {
    const { socket, client, fallback, outbox } = await inRoom();
    socket.drop();
    await vi.advanceTimersByTimeAsync(START);
    fallback.sendAnswer = (entry) => aMessage(10, { senderId: ME, clientMessageId: entry.id, content: entry.content });
    expect(client.sendMessage('عبر HTTP', STYLE)).toBe(true);
    await settle();
    expect(fallback.sent.map((e) => [e.id, e.content])).toEqual([['c1', 'عبر HTTP']]);
    expect(socket.waiting('publicMessage')).toEqual([]);
    const mine = timelineOf(client.getState(), roomTimeline('general')).messages.at(-1);
    expect(mine).toMatchObject({ id: 10, content: 'عبر HTTP' });
    expect(mine?.pending).toBeFalsy();
    expect(await outbox.pending()).toEqual([]);
  });

  it('keeps a message queued when the HTTP send cannot reach the server, and fails it for good on a refusal', async () => {
    const { socket, client, fallback, outbox } = await inRoom();
    socket.drop();
    await vi.advanceTimersByTimeAsync(START);
    fallback.sendAnswer = () => new ApiError('NETWORK_ERROR', 0, 'لا يوجد اتصال');
    client.sendMessage('أولى', STYLE);
    await settle();
    expect((await outbox.pending()).map((e) => e.content)).toEqual(['أولى']);
    expect(timelineOf(client.getState(), roomTimeline('general')).messages.at(-1)).toMatchObject({ pending: true });

    fallback.sendAnswer = () => new ApiError('MESSAGE_BLOCKED_WORD', 400, 'كلمة ممنوعة');
    client.sendMessage('ثانية', STYLE);
    await settle();
    const rows = timelineOf(client.getState(), roomTimeline('general')).messages;
    expect(rows.find((m) => m.content === 'أولى')).toMatchObject({ failed: true, failReason: 'كلمة ممنوعة' });
  });

  it('sends what waited in the outbox as soon as a poll answers again after failures', async () => {
    const { socket, client, fallback } = await inRoom();
    socket.drop();
    await vi.advanceTimersByTimeAsync(START);
    fallback.answer = () => new Error('offline');
    fallback.sendAnswer = () => new ApiError('NETWORK_ERROR', 0, 'لا يوجد اتصال');
    client.sendMessage('تنتظر', STYLE);
    await settle();
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs);
    expect(fallback.sent).toHaveLength(1);
    fallback.answer = () => ({ messages: [], serverLatency: 1 });
    fallback.sendAnswer = (entry) => aMessage(20, { senderId: ME, clientMessageId: entry.id, content: entry.content });
    await vi.advanceTimersByTimeAsync(2 * POLLING.visibleMs);
    await settle();
    expect(fallback.sent.map((e) => e.id)).toEqual(['c1', 'c1']);
    expect(timelineOf(client.getState(), roomTimeline('general')).messages.at(-1)).toMatchObject({ id: 20 });
  });

  it('buffers polled messages while the tab is hidden and shows them when it is visible again', async () => {
    const { socket, client, fallback, page } = await inRoom();
    let next = 3;
    fallback.answer = (_room, sinceId) => ({
      messages: sinceId !== undefined && sinceId < next ? [aMessage(next)] : [],
      serverLatency: 1,
    });
    page.setHidden(true);
    socket.drop();
    await vi.advanceTimersByTimeAsync(START);
    next = 4;
    await vi.advanceTimersByTimeAsync(POLLING.hiddenMs);
    expect(shown(client)).toEqual(['message 1', 'message 2']);
    // What is buffered is not asked for again.
    expect(fallback.polls.map((p) => p.sinceId)).toEqual([2, 3]);
    page.setHidden(false);
    expect(shown(client)).toEqual(['message 1', 'message 2', 'message 3', 'message 4']);
  });

  it('enters the room by polling alone when the socket never connects, and can write there', async () => {
    const { socket, client, fallback } = setup();
    fallback.answer = (_room, sinceId) => ({
      messages: sinceId === undefined ? [aMessage(5), aMessage(6)] : [],
      serverLatency: 1,
    });
    socket.failTransport();
    await vi.advanceTimersByTimeAsync(START);
    expect(client.getState().joinedRoomId).toBe('general');
    expect(shown(client)).toEqual(['message 5', 'message 6']);
    fallback.sendAnswer = (entry) => aMessage(7, { senderId: ME, clientMessageId: entry.id, content: entry.content });
    expect(client.sendMessage('بلا مقبس', STYLE)).toBe(true);
    await settle();
    expect(fallback.sent).toHaveLength(1);
  });

  it('drops from a room shown from the cache the messages deleted while the reader was away', async () => {
    // What an earlier visit kept; message 2 was deleted by staff since.
    const roomCache = new MemoryRoomCache();
    await roomCache.save('general', [aMessage(1), aMessage(2), aMessage(3)]);
    const fresh = new FakeFallbackHttp();
    fresh.answer = (_room, _sinceId, fromId) => ({ messages: [], serverLatency: 1, deletedIds: fromId ? [2] : [] });
    const socket = new FakeSocket();
    const session = createSessionStore();
    session.signIn(aSelfUser(ME, { username: 'سارة' }));
    session.selectRoom('general');
    const live = createLive({
      session,
      queryClient: new QueryClient(),
      socket: socket.asSocket(),
      page: new FakePage(),
      outbox: new MemoryOutbox(),
      roomCache,
      notify: vi.fn(),
      inform: vi.fn(),
      incoming: vi.fn(),
      sanctions: { kicked: vi.fn(), blocked: vi.fn(), refused: vi.fn() },
      history: async () => [aMessage(4)],
      olderHistory: async () => ({ messages: [], hasMore: false }),
      fallbackHttp: fresh.http,
    });
    live.start();
    const client = live.chat;
    client.joinRoom('general');
    socket.accept();
    socket.fire('authenticated', { user: aSelfUser(ME, { username: 'سارة' }), serverTime: Date.now() });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    await socket.answer('joinRoom', { ok: true, roomId: 'general' });
    await settle();
    expect(fresh.polls).toEqual([{ roomId: 'general', sinceId: 3, fromId: 1 }]);
    expect(shown(client)).toEqual(['message 1', 'message 3', 'message 4']);
    live.stop();
  });
});
