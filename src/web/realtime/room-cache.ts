import { MESSAGES } from '../../shared/constants';
import { messageSchema, type ListedMessage, type Message } from '../../shared/entities/message';

/** Spec §9: up to 300 messages per room in the local database. */
export const ROOM_CACHE_LIMIT = MESSAGES.clientRoomCap;

/** Spec §3 "Local per-room cache": the last messages, and the last id and timestamp. */
export interface CachedRoom {
  roomId: string;
  messages: Message[];
  lastId: number;
  lastTimestamp: string;
}

/**
 * A room's last messages kept between visits, so a returning reader sees the room at once; the
 * server's newer messages are merged in after the join (the timeline drops duplicates).
 */
export interface RoomCache {
  /** The cached messages, oldest first; none when nothing (valid) is kept. */
  load(roomId: string): Promise<Message[]>;
  save(roomId: string, timeline: readonly ListedMessage[]): Promise<void>;
}

/**
 * What of a timeline is worth keeping: stored messages only (no unsent copies, no local notices),
 * the newest 300, as the server sent them (the schema drops the list's local fields).
 */
export function cacheableRoom(roomId: string, timeline: readonly ListedMessage[]): CachedRoom | null {
  const messages: Message[] = [];
  for (const entry of timeline
    .filter((m) => m.id > 0 && !m.pending && !m.failed && !m.notice)
    .slice(-ROOM_CACHE_LIMIT)) {
    const parsed = messageSchema.safeParse(entry);
    if (parsed.success) messages.push(parsed.data);
  }
  const last = messages.at(-1);
  return last ? { roomId, messages, lastId: last.id, lastTimestamp: last.timestamp } : null;
}

/** Reads what storage held: anything that is not a valid message (an older format) is dropped. */
export function validCached(stored: unknown): Message[] {
  if (typeof stored !== 'object' || stored === null || !('messages' in stored) || !Array.isArray(stored.messages))
    return [];
  const messages: Message[] = [];
  for (const item of stored.messages) {
    const parsed = messageSchema.safeParse(item);
    if (parsed.success) messages.push(parsed.data);
  }
  return messages;
}

/** The cache for tests and browsers without IndexedDB: the open page only. */
export class MemoryRoomCache implements RoomCache {
  readonly rooms = new Map<string, CachedRoom>();

  async load(roomId: string): Promise<Message[]> {
    return validCached(this.rooms.get(roomId));
  }

  async save(roomId: string, timeline: readonly ListedMessage[]): Promise<void> {
    const room = cacheableRoom(roomId, timeline);
    if (room) this.rooms.set(roomId, room);
  }
}
