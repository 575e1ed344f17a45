import type { MessageType } from '../../shared/entities/message';

/** Spec §9: unsent messages are kept 12 hours, and at most 100 go out per flush. */
export const OUTBOX_TTL_MS = 43_200_000;
export const OUTBOX_FLUSH_LIMIT = 100;

/** Spec §3 "Queued offline message". `id` is the message's clientMessageId. */
export interface QueuedMessage {
  id: string;
  /** When it was written (ms since epoch). */
  createdAt: number;
  senderId: number;
  roomId: string;
  content: string;
  messageType: MessageType;
  textColor: string | null;
  bold: boolean;
  /**
   * A private message (sent over HTTP to `receiverId`); its `roomId` is then the conversation's
   * timeline key `private:<receiverId>`, so a room's queue never picks it up.
   */
  kind?: 'private';
  receiverId?: number;
  /** The room message this one replies to. */
  replyToId?: number;
}

/**
 * Messages sent but not yet acknowledged, re-sent after a reconnect (the server stores each id
 * once, so a second send is harmless). Async so an IndexedDB store can stand behind it.
 */
export interface Outbox {
  put(entry: QueuedMessage): Promise<void>;
  remove(id: string): Promise<void>;
  get(id: string): Promise<QueuedMessage | undefined>;
  /** Live entries, oldest first, optionally of one room; entries past the 12 h limit are dropped. */
  pending(roomId?: string): Promise<QueuedMessage[]>;
}

/** The outbox for the open page only: lost on reload. */
export class MemoryOutbox implements Outbox {
  private readonly entries = new Map<string, QueuedMessage>();

  constructor(private readonly now: () => number = Date.now) {}

  async put(entry: QueuedMessage): Promise<void> {
    // Re-putting an id (a retry) moves it to the end: it is now the newest attempt.
    this.entries.delete(entry.id);
    this.entries.set(entry.id, entry);
  }

  async remove(id: string): Promise<void> {
    this.entries.delete(id);
  }

  async get(id: string): Promise<QueuedMessage | undefined> {
    return this.entries.get(id);
  }

  async pending(roomId?: string): Promise<QueuedMessage[]> {
    const oldest = this.now() - OUTBOX_TTL_MS;
    const live: QueuedMessage[] = [];
    for (const entry of this.entries.values()) {
      if (entry.createdAt < oldest) this.entries.delete(entry.id);
      else if (roomId === undefined || entry.roomId === roomId) live.push(entry);
    }
    return live.sort((a, b) => a.createdAt - b.createdAt);
  }
}
