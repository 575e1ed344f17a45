import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { draftMessage } from '../../shared/entities/message';
import { forgetUserData } from '../lib/user-data';
import { DexieRoomCache } from './dexie-room-cache';
import { ROOM_CACHE_LIMIT } from './room-cache';
import { aMessage } from '../testing/fixtures';
import { UserDatabase } from './user-database';

const opened: UserDatabase[] = [];
function database(userId = 7): UserDatabase {
  const db = new UserDatabase(userId);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close();
  forgetUserData(7);
  forgetUserData(8);
});

describe('DexieRoomCache', () => {
  it('keeps the stored messages of a room for the next visit, with the last id and timestamp', async () => {
    await new DexieRoomCache(database()).save('general', [aMessage(1), aMessage(2, { bold: true })]);
    expect(await new DexieRoomCache(database()).load('general')).toEqual([aMessage(1), aMessage(2, { bold: true })]);
    expect(await database().rooms.get('general')).toMatchObject({ lastId: 2, lastTimestamp: aMessage(2).timestamp });
    expect(await new DexieRoomCache(database()).load('egypt')).toEqual([]);
  });

  it('keeps at most 300, the newest, and no unsent copies or local notices', async () => {
    const many = Array.from({ length: ROOM_CACHE_LIMIT + 5 }, (_, i) => aMessage(i + 1));
    const local = [
      draftMessage({ id: -1, roomId: 'general', content: 'لم تصل', pending: true }),
      draftMessage({ id: -2, roomId: 'general', content: 'سلمى', notice: 'join', messageType: 'system' }),
    ];
    await new DexieRoomCache(database()).save('general', [...many, ...local]);
    const kept = await new DexieRoomCache(database()).load('general');
    expect(kept).toHaveLength(ROOM_CACHE_LIMIT);
    expect(kept[0]?.id).toBe(6);
    expect(kept.at(-1)?.id).toBe(ROOM_CACHE_LIMIT + 5);
  });

  it('drops what is not a valid message (an older format), and is per user and forgotten on logout', async () => {
    await database().rooms.put({
      roomId: 'general',
      messages: [aMessage(1), { id: 'x' } as never],
      lastId: 1,
      lastTimestamp: '',
    });
    expect(await new DexieRoomCache(database()).load('general')).toEqual([aMessage(1)]);
    expect(await new DexieRoomCache(database(8)).load('general')).toEqual([]);
    for (const db of opened.splice(0)) db.close();
    forgetUserData(7);
    expect(await new DexieRoomCache(database()).load('general')).toEqual([]);
  });
});
