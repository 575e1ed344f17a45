import Dexie, { type EntityTable } from 'dexie';
import { userDatabaseName } from '../lib/user-data';
import type { QueuedMessage } from './outbox';
import type { CachedRoom } from './room-cache';

/** Whether this browser has IndexedDB at all (not in unit tests, not in some private modes). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

/** What the browser keeps for one user across visits: unsent messages and room caches (spec §3, §9). */
export class UserDatabase extends Dexie {
  outbox!: EntityTable<QueuedMessage, 'id'>;
  rooms!: EntityTable<CachedRoom, 'roomId'>;

  constructor(userId: number, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(userDatabaseName(userId), options);
    this.version(1).stores({ outbox: 'id, [roomId+createdAt], createdAt', rooms: 'roomId' });
  }
}
