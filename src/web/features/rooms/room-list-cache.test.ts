import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../../shared/entities/room';
import { ROOM_LIST } from '../../../shared/constants';
import type { RoomUpdate } from '../../../shared/realtime/protocol';
import { FakePage, FakeSocket, settle } from '../../realtime/test-doubles';
import { aRoom, aSelfUser } from '../../testing/fixtures';
import { Realtime } from '../../realtime';
import { MemoryOutbox } from '../../realtime/outbox';
import { MemoryRoomCache } from '../../realtime/room-cache';
import { createSessionStore } from '../session/session-store';
import { applyRoomUpdate, followRoomUpdate } from './room-updates';
import { registerRoomsLive } from './rooms-live';
import { fetchRooms, refreshRooms, ROOMS_QUERY_KEY } from './rooms-query';
import { ROOM_TEXTS } from './texts';

const listed = (queryClient: QueryClient) => queryClient.getQueryData<Room[]>(ROOMS_QUERY_KEY) ?? [];
const ids = (queryClient: QueryClient) => listed(queryClient).map((room) => room.id);

describe('the room-list cache (spec §4)', () => {
  let calls: number;
  let release: (() => void) | undefined;
  let now: number;

  beforeEach(() => {
    calls = 0;
    now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        // Each answer waits until the test lets it through: one fetch stays in flight.
        await new Promise<void>((resolve) => (release = resolve));
        return Response.json({ rooms: [aRoom('general', { isDefault: true }), aRoom('egypt', { userCount: 2 })] });
      }),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function watched(): QueryClient {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // An observer, as the room list on screen is: refetches apply to active queries.
    new QueryObserver(queryClient, {
      queryKey: ROOMS_QUERY_KEY,
      queryFn: ({ signal }) => fetchRooms(signal),
      staleTime: ROOM_LIST.cacheMs,
    }).subscribe(() => undefined);
    return queryClient;
  }

  it('runs one fetch at a time and skips one asked for within a second of the last, unless forced', async () => {
    const queryClient = watched();
    await settle();
    expect(calls).toBe(1);
    // While it runs, asking again (even forced) waits for it instead of starting another.
    const waiting = [refreshRooms(queryClient, { force: true }), refreshRooms(queryClient, { force: true })];
    await settle();
    expect(calls).toBe(1);
    release?.();
    await Promise.all(waiting);
    expect(ids(queryClient)).toEqual(['general', 'egypt']);

    now += ROOM_LIST.minFetchGapMs - 1;
    await refreshRooms(queryClient);
    expect(calls).toBe(1);
    const forced = refreshRooms(queryClient, { force: true });
    await settle();
    expect(calls).toBe(2);
    release?.();
    await forced;

    now += ROOM_LIST.minFetchGapMs;
    const later = refreshRooms(queryClient);
    await settle();
    expect(calls).toBe(3);
    release?.();
    await later;
  });

  /** A watched cache with the first list in it. */
  async function loaded(): Promise<QueryClient> {
    const queryClient = watched();
    await vi.waitFor(() => expect(calls).toBe(1));
    release?.();
    await vi.waitFor(() => expect(ids(queryClient)).toEqual(['general', 'egypt']));
    return queryClient;
  }

  it('applies counts, new states, new rooms and deleted rooms in place; anything else refetches', async () => {
    const queryClient = await loaded();
    const apply = (update: RoomUpdate) => applyRoomUpdate(queryClient, update);

    apply({ type: 'userCountUpdate', roomId: 'egypt', userCount: 9 });
    apply({ type: 'roomCreated', roomId: 'new', room: aRoom('new', { userCount: 4 }) });
    expect(listed(queryClient).map((r) => [r.id, r.userCount])).toEqual([
      ['general', 0],
      ['egypt', 9],
      ['new', 4],
    ]);
    // Several rooms' counts at once; a room this page does not list is ignored.
    apply({ type: 'userCounts', counts: { general: 3, new: 5, elsewhere: 2 } });
    expect(listed(queryClient).map((r) => [r.id, r.userCount])).toEqual([
      ['general', 3],
      ['egypt', 9],
      ['new', 5],
    ]);
    apply({ type: 'roomChanged', roomId: 'new', room: aRoom('new', { userCount: 4, isLocked: true }) });
    expect(listed(queryClient).find((r) => r.id === 'new')?.isLocked).toBe(true);
    apply({ type: 'roomDeleted', roomId: 'new', movedTo: 'general' });
    expect(ids(queryClient)).toEqual(['general', 'egypt']);
    expect(calls).toBe(1);

    now += ROOM_LIST.minFetchGapMs / 2;
    apply({ type: 'somethingNew', roomId: 'egypt' } as unknown as RoomUpdate);
    await vi.waitFor(() => expect(calls).toBe(2));
    release?.();
  });

  it('keeps at most 100 rooms', async () => {
    const queryClient = await loaded();
    for (let i = 0; i < 120; i += 1)
      applyRoomUpdate(queryClient, { type: 'roomCreated', roomId: `r${i}`, room: aRoom(`r${i}`) });
    expect(listed(queryClient)).toHaveLength(ROOM_LIST.maxCachedRooms);
  });
});

describe('a deleted room on this page', () => {
  it('takes the reader to the room they were moved to, and says so; other pages only drop it', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, [aRoom('general', { isDefault: true }), aRoom('gone')]);
    const session = createSessionStore();
    session.signIn(aSelfUser(1));
    session.selectRoom('egypt');
    const inform = vi.fn();
    followRoomUpdate({ type: 'roomDeleted', roomId: 'gone', movedTo: 'general' }, { queryClient, session, inform });
    expect(session.getState().roomId).toBe('egypt');
    expect(inform).not.toHaveBeenCalled();

    session.selectRoom('gone');
    followRoomUpdate({ type: 'roomDeleted', roomId: 'gone', movedTo: 'general' }, { queryClient, session, inform });
    expect(session.getState().roomId).toBe('general');
    expect(inform).toHaveBeenCalledWith(ROOM_TEXTS.deletedMoved);
    expect(ids(queryClient)).toEqual(['general']);
  });

  it('hears the realtime core: roomDeleted moves the reader, chatLockUpdated changes the room in place', async () => {
    const socket = new FakeSocket();
    const session = createSessionStore();
    session.signIn(aSelfUser(1));
    session.selectRoom('egypt');
    const queryClient = new QueryClient();
    queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, [aRoom('general', { isDefault: true }), aRoom('egypt')]);
    const realtime = new Realtime({
      userId: 1,
      auth: () => null,
      socket: socket.asSocket(),
      page: new FakePage(),
      outbox: new MemoryOutbox(),
      roomCache: new MemoryRoomCache(),
    });
    const stop = registerRoomsLive(realtime, { queryClient, session });
    realtime.start();
    socket.fire('chatLockUpdated', { roomId: 'egypt', chatLockAll: false, chatLockVisitors: true });
    expect(listed(queryClient).find((r) => r.id === 'egypt')).toMatchObject({ chatLockVisitors: true });
    socket.fire('roomUpdate', { type: 'roomDeleted', roomId: 'egypt', movedTo: 'general' });
    await settle();
    expect(session.getState().roomId).toBe('general');
    expect(ids(queryClient)).toEqual(['general']);
    realtime.stop();
    stop();
  });
});
