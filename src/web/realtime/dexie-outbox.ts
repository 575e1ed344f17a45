import Dexie from 'dexie';
import { MemoryOutbox, OUTBOX_TTL_MS, type Outbox, type QueuedMessage } from './outbox';
import { UserDatabase } from './user-database';

/**
 * The outbox in IndexedDB: what was written offline survives a closed tab and is sent when the
 * site is opened again. If the browser refuses IndexedDB (private mode, quota), it falls back to
 * memory for the rest of the page's life rather than losing messages.
 */
export class DexieOutbox implements Outbox {
  private readonly memory: MemoryOutbox;
  private broken = false;

  constructor(
    private readonly db: UserDatabase,
    private readonly now: () => number = Date.now,
  ) {
    this.memory = new MemoryOutbox(now);
  }

  async put(entry: QueuedMessage): Promise<void> {
    await this.safely(
      async () => {
        await this.db.outbox.put(entry);
      },
      () => this.memory.put(entry),
    );
  }

  async remove(id: string): Promise<void> {
    await this.memory.remove(id);
    await this.safely(
      () => this.db.outbox.delete(id),
      () => Promise.resolve(),
    );
  }

  async get(id: string): Promise<QueuedMessage | undefined> {
    return this.safely(
      () => this.db.outbox.get(id),
      () => this.memory.get(id),
    );
  }

  async pending(roomId?: string): Promise<QueuedMessage[]> {
    const oldest = this.now() - OUTBOX_TTL_MS;
    return this.safely(
      async () => {
        await this.db.outbox.where('createdAt').below(oldest).delete();
        const live =
          roomId === undefined
            ? this.db.outbox.orderBy('createdAt')
            : this.db.outbox.where('[roomId+createdAt]').between([roomId, Dexie.minKey], [roomId, Dexie.maxKey]);
        return live.toArray();
      },
      () => this.memory.pending(roomId),
    );
  }

  private async safely<T>(stored: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (!this.broken) {
      try {
        return await stored();
      } catch {
        this.broken = true;
      }
    }
    return inMemory();
  }
}
