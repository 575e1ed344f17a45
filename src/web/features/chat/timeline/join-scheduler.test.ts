import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AckData, AckReply } from '../../../../shared/realtime/protocol';
import { CHAT_TEXTS } from '../texts';
import { JoinScheduler, joinRefusalText, type JoinHooks, type JoinSocket } from './join-scheduler';

type Reply = AckReply<AckData<'joinRoom'>>;

/** A socket whose joins are answered by the test. */
class FakeJoinSocket implements JoinSocket {
  connected = true;
  readonly sent: string[] = [];
  private readonly answers: { roomId: string; resolve: (reply: Reply) => void; reject: (error: Error) => void }[] = [];

  join(roomId: string): Promise<Reply> {
    this.sent.push(roomId);
    return new Promise((resolve, reject) => this.answers.push({ roomId, resolve, reject }));
  }

  /** Answers the oldest unanswered join (by default: joined). */
  async answer(reply?: Reply): Promise<void> {
    const next = this.answers.shift()!;
    next.resolve(reply ?? { ok: true, roomId: next.roomId });
    await Promise.resolve();
    await Promise.resolve();
  }

  async timeOut(): Promise<void> {
    this.answers.shift()!.reject(new Error('operation has timed out'));
    await Promise.resolve();
    await Promise.resolve();
  }
}

function setup() {
  const socket = new FakeJoinSocket();
  const hooks = { joined: vi.fn(), rejoining: vi.fn(), refused: vi.fn() } satisfies JoinHooks;
  const scheduler = new JoinScheduler(socket, hooks);
  return { socket, hooks, scheduler };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.UTC(2026, 0, 1));
});
afterEach(() => vi.useRealTimers());

describe('JoinScheduler', () => {
  it('joins at once when connected and reports the confirmed room', async () => {
    const { socket, hooks, scheduler } = setup();
    scheduler.request('general');
    expect(socket.sent).toEqual(['general']);
    await socket.answer();
    expect(hooks.joined).toHaveBeenCalledWith('general');
    expect(scheduler.currentRoomId).toBe('general');
  });

  it('sends at most one join per 1.5 s', async () => {
    const { socket, scheduler } = setup();
    scheduler.request('general');
    await socket.answer();
    vi.advanceTimersByTime(500);
    scheduler.request('egypt');
    expect(socket.sent).toEqual(['general']);
    vi.advanceTimersByTime(999);
    expect(socket.sent).toEqual(['general']);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['general', 'egypt']);
  });

  it('lets the latest request win while one waits its turn', async () => {
    const { socket, hooks, scheduler } = setup();
    scheduler.request('general');
    await socket.answer();
    scheduler.request('egypt');
    scheduler.request('iraq');
    scheduler.request('jordan');
    vi.advanceTimersByTime(1500);
    expect(socket.sent).toEqual(['general', 'jordan']);
    await socket.answer();
    expect(hooks.joined).toHaveBeenLastCalledWith('jordan');
  });

  it('drops a waiting request when the current room is asked for again', async () => {
    const { socket, scheduler } = setup();
    scheduler.request('general');
    await socket.answer();
    scheduler.request('egypt');
    scheduler.request('general');
    vi.advanceTimersByTime(5000);
    expect(socket.sent).toEqual(['general']);
  });

  it('does not join the room it is in, or the one it is joining', async () => {
    const { socket, scheduler } = setup();
    scheduler.request('general');
    scheduler.request('general');
    await socket.answer();
    scheduler.request('general');
    vi.advanceTimersByTime(5000);
    expect(socket.sent).toEqual(['general']);
  });

  it("never joins the virtual rooms 'public' and 'friends'", () => {
    const { socket, scheduler } = setup();
    scheduler.request('public');
    scheduler.request('friends');
    scheduler.authenticated('public');
    vi.advanceTimersByTime(5000);
    expect(socket.sent).toEqual([]);
  });

  it('keeps a join pending while disconnected and sends it after `authenticated`', async () => {
    const { socket, hooks, scheduler } = setup();
    socket.connected = false;
    scheduler.request('egypt');
    vi.advanceTimersByTime(5000);
    expect(socket.sent).toEqual([]);
    socket.connected = true;
    scheduler.authenticated(null);
    expect(socket.sent).toEqual(['egypt']);
    await socket.answer();
    expect(hooks.joined).toHaveBeenCalledWith('egypt');
  });

  it('joins the saved room after `authenticated`', () => {
    const { socket, scheduler } = setup();
    scheduler.authenticated('iraq');
    expect(socket.sent).toEqual(['iraq']);
  });

  it('re-joins the current room 600 ms after `authenticated` (the new socket is in no room)', async () => {
    const { socket, hooks, scheduler } = setup();
    scheduler.request('general');
    await socket.answer();
    socket.connected = false;
    scheduler.disconnected();
    vi.advanceTimersByTime(10_000);
    socket.connected = true;
    scheduler.authenticated('general');
    expect(hooks.rejoining).toHaveBeenCalledWith('general');
    expect(scheduler.currentRoomId).toBeNull();
    vi.advanceTimersByTime(599);
    expect(socket.sent).toEqual(['general']);
    vi.advanceTimersByTime(1);
    expect(socket.sent).toEqual(['general', 'general']);
    await socket.answer();
    expect(hooks.joined).toHaveBeenCalledTimes(2);
  });

  it('ignores the answer to a join sent before the connection dropped, and joins again', async () => {
    const { socket, hooks, scheduler } = setup();
    scheduler.request('general');
    socket.connected = false;
    scheduler.disconnected();
    await socket.answer();
    expect(hooks.joined).not.toHaveBeenCalled();
    socket.connected = true;
    vi.advanceTimersByTime(1500);
    scheduler.authenticated('general');
    expect(socket.sent).toEqual(['general', 'general']);
  });

  it('asks again when a join went unanswered', async () => {
    const { socket, scheduler } = setup();
    scheduler.request('general');
    vi.advanceTimersByTime(8000);
    await socket.timeOut();
    expect(socket.sent).toEqual(['general', 'general']);
  });

  it('reports a refusal with the locked-room text when the room is locked', async () => {
    const { socket, hooks, scheduler } = setup();
    scheduler.request('vip');
    await socket.answer({ ok: false, code: 'ROOM_LOCKED', message: 'غرفة مقفلة' });
    expect(hooks.refused).toHaveBeenCalledWith('vip', CHAT_TEXTS.lockedRoom, {
      ok: false,
      code: 'ROOM_LOCKED',
      message: 'غرفة مقفلة',
    });
    expect(hooks.joined).not.toHaveBeenCalled();
    expect(scheduler.currentRoomId).toBeNull();
  });
});

describe('joinRefusalText', () => {
  it("uses the locked-room text for ROOM_LOCKED or a message mentioning 'locked', else the server's text", () => {
    expect(joinRefusalText({ code: 'ROOM_LOCKED', message: 'x' })).toBe(CHAT_TEXTS.lockedRoom);
    expect(joinRefusalText({ code: 'FORBIDDEN', message: 'room is locked' })).toBe(CHAT_TEXTS.lockedRoom);
    expect(joinRefusalText({ code: 'ROOM_NOT_FOUND', message: 'الغرفة غير موجودة' })).toBe('الغرفة غير موجودة');
  });
});
