import type { ListedMessage, Message } from '../../shared/entities/message';
import { cacheableRoom, validCached, type RoomCache } from './room-cache';
import type { UserDatabase } from './user-database';

/** The room cache in the user's IndexedDB database; a failing database just means no cache. */
export class DexieRoomCache implements RoomCache {
  constructor(private readonly db: UserDatabase) {}

  async load(roomId: string): Promise<Message[]> {
    try {
      return validCached(await this.db.rooms.get(roomId));
    } catch {
      return [];
    }
  }

  async save(roomId: string, timeline: readonly ListedMessage[]): Promise<void> {
    const room = cacheableRoom(roomId, timeline);
    if (!room) return;
    try {
      await this.db.rooms.put(room);
    } catch {
      // Quota or a closed database: the next visit loads from the server as before.
    }
  }
}
