import { describe, expect, it } from 'vitest';
import {
  mergeRoom,
  normalizeRoom,
  prepareRoomList,
  ROOM_NAME_DEFAULT,
  roomStats,
  searchRooms,
  sortRooms,
} from './room';

describe('normalizeRoom', () => {
  it('accepts snake_case fields and JSON-text lists, and rejects a room without an id', () => {
    const room = normalizeRoom({
      id: 7,
      name: ' ',
      is_default: 'true',
      is_locked: true,
      created_by: '12',
      user_count: '5',
      is_broadcast: 1,
      host_id: 3,
      speakers: '[1,2]',
      mic_queue: 'not json',
      chat_lock_all: true,
      is_active: false,
    });
    expect(room).toMatchObject({
      id: '7',
      name: ROOM_NAME_DEFAULT,
      isDefault: true,
      isLocked: true,
      createdBy: 12,
      userCount: 5,
      isBroadcast: true,
      hostId: 3,
      speakers: [1, 2],
      micQueue: [],
      chatLockAll: true,
      chatLockVisitors: false,
      isActive: false,
    });
    expect(normalizeRoom({ name: 'بلا رقم' })).toBeNull();
    expect(normalizeRoom({ id: '' })).toBeNull();
    expect(normalizeRoom(null)).toBeNull();
    expect(normalizeRoom({ id: 'x', isActive: undefined })?.isActive).toBe(true);
    expect(normalizeRoom({ id: 'x', userCount: -4 })?.userCount).toBe(0);
  });
});

describe('room list rules', () => {
  const a = normalizeRoom({ id: 'a', name: 'أ', userCount: 2, speakers: [1], micQueue: [5], chatLockAll: true })!;
  const a2 = normalizeRoom({
    id: 'a',
    name: 'أ',
    userCount: 9,
    isLocked: true,
    speakers: [2],
    micQueue: [5, 6],
    chatLockAll: false,
    chatLockVisitors: true,
  })!;

  it('merges duplicates: flags OR-ed, larger count, lists unioned, later chat locks win', () => {
    expect(mergeRoom(a, a2)).toMatchObject({
      isLocked: true,
      userCount: 9,
      speakers: [1, 2],
      micQueue: [5, 6],
      chatLockAll: false,
      chatLockVisitors: true,
    });
  });

  it('orders default rooms first, then by userCount descending, stable among equals', () => {
    const rooms = prepareRoomList([
      { id: 'quiet', name: 'هادئة', userCount: 0 },
      { id: 'busy', name: 'مزدحمة', userCount: 40 },
      { id: 'general', name: 'العامة', isDefault: true, userCount: 1 },
      { id: 'mid', name: 'وسط', userCount: 7 },
      { id: 'quiet2', name: 'هادئة ٢', userCount: 0 },
      { id: 'busy', name: 'مزدحمة', userCount: 3 },
      { name: 'بلا معرف' },
    ]);
    expect(rooms.map((r) => r.id)).toEqual(['general', 'busy', 'mid', 'quiet', 'quiet2']);
    expect(rooms.find((r) => r.id === 'busy')?.userCount).toBe(40);
    expect(sortRooms([])).toEqual([]);
  });

  it('searches name and description without regard to case', () => {
    const rooms = prepareRoomList([
      { id: '1', name: 'Cairo Nights', description: '' },
      { id: '2', name: 'شات مصر', description: 'أهل القاهرة والإسكندرية' },
      { id: '3', name: 'شات العراق', description: '' },
    ]);
    expect(searchRooms(rooms, 'cairo').map((r) => r.id)).toEqual(['1']);
    expect(searchRooms(rooms, 'القاهرة').map((r) => r.id)).toEqual(['2']);
    expect(searchRooms(rooms, '  ')).toHaveLength(3);
    expect(searchRooms(rooms, 'لا شيء')).toEqual([]);
  });

  it('counts the statistics row', () => {
    const rooms = prepareRoomList([
      { id: '1', name: 'x', userCount: 3, isBroadcast: true },
      { id: '2', name: 'y', userCount: 0 },
      { id: '3', name: 'z', userCount: 2 },
    ]);
    expect(roomStats(rooms)).toEqual({ totalRooms: 3, broadcastRooms: 1, connectedUsers: 5, activeRooms: 2 });
  });
});
