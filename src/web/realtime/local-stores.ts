import { DexieOutbox } from './dexie-outbox';
import { DexieRoomCache } from './dexie-room-cache';
import { MemoryOutbox, type Outbox } from './outbox';
import { MemoryRoomCache, type RoomCache } from './room-cache';
import { hasIndexedDb, UserDatabase } from './user-database';

/**
 * The signed-in user's IndexedDB outbox (a closed tab loses nothing) and room cache (a returning
 * reader sees the room at once), opened once per page for every feature; memory where there is no
 * IndexedDB or nobody is signed in. `given` stores (tests) are used as they are.
 */
export function openLocalStores(
  userId: number | null,
  given: { outbox?: Outbox; roomCache?: RoomCache } = {},
): { outbox: Outbox; roomCache: RoomCache } {
  const db = userId !== null && hasIndexedDb() && !(given.outbox && given.roomCache) ? new UserDatabase(userId) : null;
  return {
    outbox: given.outbox ?? (db ? new DexieOutbox(db) : new MemoryOutbox()),
    roomCache: given.roomCache ?? (db ? new DexieRoomCache(db) : new MemoryRoomCache()),
  };
}
