import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POLLING } from '../../shared/constants';
import type { Envelope } from '../../shared/realtime/protocol';
import { aMessage } from '../testing/fixtures';
import { MemoryOutbox } from './outbox';
import { Realtime, type PollTarget, type RealtimeOptions } from './realtime';
import { MemoryRoomCache } from './room-cache';
import { FakeFallbackHttp, FakePage, FakeSocket, settle } from './test-doubles';

function setup(auth: RealtimeOptions['auth'] = () => null) {
  const socket = new FakeSocket();
  const page = new FakePage();
  const fallback = new FakeFallbackHttp();
  const realtime = new Realtime({
    userId: 1,
    auth,
    socket: socket.asSocket(),
    page,
    outbox: new MemoryOutbox(),
    roomCache: new MemoryRoomCache(),
    fallbackHttp: fallback.http,
  });
  return { socket, page, fallback, realtime };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('hearing the server through `on`', () => {
  it('gives each handler the events of its name: top-level events and envelope types alike', () => {
    const { socket, realtime } = setup();
    const locks = vi.fn();
    const messages = vi.fn();
    const friends = vi.fn();
    realtime.on('chatLockUpdated', locks);
    realtime.on('newMessage', messages);
    realtime.on('friendAdded', friends);
    realtime.start();
    socket.fire('chatLockUpdated', { roomId: 'egypt', chatLockAll: true, chatLockVisitors: false });
    const envelope: Envelope<'newMessage'> = { type: 'newMessage', message: aMessage(5) };
    socket.fire('message', envelope);
    expect(locks).toHaveBeenCalledExactlyOnceWith({ roomId: 'egypt', chatLockAll: true, chatLockVisitors: false });
    expect(messages).toHaveBeenCalledExactlyOnceWith(envelope);
    expect(friends).not.toHaveBeenCalled();
  });

  it('stops calling a handler once unsubscribed, and keeps the others', () => {
    const { socket, realtime } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const stop = realtime.on('typing', first);
    realtime.on('typing', second);
    realtime.start();
    const typing: Envelope<'typing'> = {
      type: 'typing',
      roomId: 'general',
      userId: 2,
      username: 'علي',
      isTyping: true,
    };
    socket.fire('message', typing);
    stop();
    socket.fire('message', typing);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('hears nothing before start or after stop, and again after a new start', () => {
    const { socket, realtime } = setup();
    const rooms = vi.fn();
    realtime.on('roomUpdate', rooms);
    const update = { type: 'userCountUpdate', roomId: 'egypt', userCount: 3 } as const;
    socket.fire('roomUpdate', update);
    realtime.start();
    socket.fire('roomUpdate', update);
    realtime.stop();
    socket.fire('roomUpdate', update);
    realtime.start();
    socket.fire('roomUpdate', update);
    expect(rooms).toHaveBeenCalledTimes(2);
  });

  it('lets the other handlers hear an event when one throws', async () => {
    const { socket, realtime } = setup();
    const after = vi.fn();
    const thrown: unknown[] = [];
    const queued = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) => {
      try {
        task();
      } catch (error) {
        thrown.push(error);
      }
    });
    realtime.on('privateTyping', () => {
      throw new Error('a broken feature');
    });
    realtime.on('privateTyping', after);
    realtime.start();
    socket.fire('privateTyping', { userId: 2, isTyping: true });
    queued.mockRestore();
    expect(after).toHaveBeenCalledOnce();
    expect(thrown).toEqual([new Error('a broken feature')]);
  });

  it("ignores names of the link's own moments coming from the server", () => {
    const { socket, realtime } = setup();
    const up = vi.fn();
    realtime.on('link:up', up);
    realtime.start();
    socket.fire('link:up');
    expect(up).not.toHaveBeenCalled();
    socket.accept();
    expect(up).toHaveBeenCalledOnce();
  });
});

describe("the link's moments", () => {
  it('says when the socket is up, dropped (a halt included) and refused', () => {
    const { socket, realtime } = setup();
    const seen: string[] = [];
    realtime.on('link:up', () => seen.push('up'));
    realtime.on('link:down', ({ reason }) => seen.push(`down: ${reason}`));
    realtime.on('link:refused', ({ code }) => seen.push(`refused: ${code}`));
    realtime.start();
    socket.accept();
    socket.drop();
    socket.refuse({ code: 'TOO_MANY_CONNECTIONS', message: '' });
    socket.accept();
    realtime.halt();
    expect(seen).toEqual([
      'up',
      'down: transport close',
      'refused: TOO_MANY_CONNECTIONS',
      'up',
      'down: io client disconnect',
    ]);
    expect(realtime.linkState.getState()).toMatchObject({ status: 'connected', refusal: null });
  });

  it('leaves the state to the session and sanctions when a refusal ends the session', () => {
    const { socket, realtime } = setup();
    realtime.start();
    socket.refuse({ code: 'BANNED', message: '', timeLeft: 60 });
    expect(realtime.linkState.getState().status).toBe('connecting');
    socket.refuse({ code: 'FORBIDDEN_ORIGIN', message: '' });
    expect(realtime.linkState.getState().status).toBe('error');
  });
});

describe('sending', () => {
  it('emits and requests registry events on the socket, with the auth payload after every connect', async () => {
    const { socket, realtime } = setup(() => ({ userId: 1 }));
    realtime.start();
    socket.accept();
    expect(socket.emitsOf('auth')).toEqual([{ userId: 1 }]);
    realtime.emit('privateTyping', { targetUserId: 2, isTyping: true });
    expect(socket.emitsOf('privateTyping')).toEqual([{ targetUserId: 2, isTyping: true }]);
    const joined = realtime.request('joinRoom', { roomId: 'egypt' });
    expect(socket.waiting('joinRoom')).toEqual([{ roomId: 'egypt' }]);
    await socket.answer('joinRoom', { ok: true, roomId: 'egypt' });
    await expect(joined).resolves.toEqual({ ok: true, roomId: 'egypt' });
  });
});

describe('the polling fallback', () => {
  it('polls the followed room and delivers what came as `newMessage` and `messageDeleted` to every handler', async () => {
    const { socket, fallback, realtime } = setup();
    fallback.answer = () => ({ messages: [aMessage(3)], deletedIds: [2], serverLatency: 1 });
    const reached = vi.fn();
    const target: PollTarget = {
      roomId: () => 'general',
      lastId: () => 2,
      firstId: () => 1,
      reached,
      resume: vi.fn(),
    };
    realtime.follow(target);
    const messages = vi.fn();
    const deleted = vi.fn();
    realtime.on('newMessage', messages);
    realtime.on('messageDeleted', deleted);
    realtime.start();
    socket.failTransport();
    await vi.advanceTimersByTimeAsync(POLLING.startDelayMaxMs);
    await settle();
    expect(fallback.polls[0]).toEqual({ roomId: 'general', sinceId: 2, fromId: 1 });
    expect(realtime.polling).toBe(true);
    expect(target.resume).toHaveBeenCalled();
    expect(reached).toHaveBeenCalledWith('general');
    expect(messages).toHaveBeenCalledWith({ type: 'newMessage', message: aMessage(3) });
    expect(deleted).toHaveBeenCalledWith({ type: 'messageDeleted', roomId: 'general', messageId: 2 });
    realtime.stop();
  });

  it('asks each next poll for what changed after the last answer, and delivers edits as `messageEdited`', async () => {
    const { socket, fallback, realtime } = setup();
    const editedAt = '2026-11-26T12:00:00.000Z';
    fallback.answer = (_room, _sinceId, _fromId) =>
      fallback.polls.length === 1
        ? { messages: [], serverLatency: 1, serverTime: 1_000 }
        : { messages: [], serverLatency: 1, serverTime: 2_000, edited: [{ messageId: 1, content: 'بعد', editedAt }] };
    realtime.follow({ roomId: () => 'general', lastId: () => 2, firstId: () => 1, reached: vi.fn(), resume: vi.fn() });
    const edited = vi.fn();
    realtime.on('messageEdited', edited);
    realtime.start();
    socket.failTransport();
    await vi.advanceTimersByTimeAsync(POLLING.startDelayMaxMs);
    await settle();
    await vi.advanceTimersByTimeAsync(POLLING.visibleMs * 2);
    await settle();
    expect(fallback.polls[1]).toEqual({ roomId: 'general', sinceId: 2, fromId: 1, changedAfter: 1_000 });
    expect(edited).toHaveBeenCalledWith({
      type: 'messageEdited',
      roomId: 'general',
      messageId: 1,
      content: 'بعد',
      editedAt,
    });
    realtime.stop();
  });
});
