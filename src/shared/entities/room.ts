import * as z from 'zod/mini';

export const ROOM_NAME_DEFAULT = 'غرفة بدون اسم';

export { BROADCAST_ROOM_ID, GENERAL_ROOM_ID, isSiteRoom, isVirtualRoomId, VIRTUAL_ROOM_IDS } from './room-ids';

export const roomIdSchema = z
  .string({ error: 'ROOM_NOT_FOUND' })
  .check(z.trim(), z.minLength(1, { error: 'ROOM_NOT_FOUND' }), z.maxLength(64, { error: 'ROOM_NOT_FOUND' }));

/** What a room's pinned-messages bar shows of a message (and the id to jump to). */
export const pinnedMessageSchema = z.object({
  id: z.int(),
  senderId: z.int(),
  senderName: z.string(),
  excerpt: z.string(),
});
export type PinnedMessage = z.infer<typeof pinnedMessageSchema>;

/** Issue 22: pins, the announcement, the welcome message and slow mode. */
export const ROOM_TOOLS = {
  maxPins: 3,
  /** The announcement's and the welcome message's longest text. */
  maxTextLength: 500,
  /** A pin's excerpt, in characters. */
  pinExcerptLength: 120,
  maxSlowModeSeconds: 300,
} as const;

/** The welcome message as `name` reads it on entering: every `{name}` replaced by theirs. */
export function welcomeFor(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}

export const roomSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  isLocked: z.boolean(),
  createdBy: z.nullable(z.int()),
  createdAt: z.string(),
  isActive: z.boolean(),
  userCount: z.int().check(z.gte(0)),
  icon: z.nullable(z.string()),
  isBroadcast: z.boolean(),
  hostId: z.nullable(z.int()),
  speakers: z.array(z.int()),
  micQueue: z.array(z.int()),
  chatLockAll: z.boolean(),
  chatLockVisitors: z.boolean(),
  pins: z._default(z.array(pinnedMessageSchema), []),
  announcement: z._default(z.string(), ''),
  /** With `{name}` where the entering person's name goes (`welcomeFor`). */
  welcome: z._default(z.string(), ''),
  slowModeSeconds: z._default(z.int(), 0),
  /**
   * The room it is listed under in the room picker (a city under its country, a sub-chat under its
   * hub: the landing catalogue's rooms); null for a top-level room.
   */
  parentId: z._default(z.nullable(z.string()), null),
});
export type Room = z.infer<typeof roomSchema>;

export const roomListResponseSchema = z.object({ rooms: z.array(z.unknown()) });

// ---- Client-side normalisation of spec §3 "Room" -------------------------------------------

type Raw = Record<string, unknown>;

function pick(raw: Raw, camel: string, snake: string): unknown {
  return raw[camel] !== undefined ? raw[camel] : raw[snake];
}

function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === 't';
}

function idList(value: unknown): number[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  return list.map(Number).filter((n) => Number.isInteger(n));
}

function intOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/**
 * Accepts a room as any server version may send it: camelCase or snake_case, lists as JSON text.
 * Returns null for a room without an id (spec §3: invalid).
 */
export function normalizeRoom(input: unknown): Room | null {
  if (typeof input !== 'object' || input === null) return null;
  const raw = input as Raw;
  const id = raw.id;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null;
  const name = typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : ROOM_NAME_DEFAULT;
  const userCount = Number(pick(raw, 'userCount', 'user_count'));
  const createdAt = pick(raw, 'createdAt', 'created_at');
  const icon = raw.icon;
  return {
    id: String(id),
    name,
    description: typeof raw.description === 'string' ? raw.description : '',
    isDefault: bool(pick(raw, 'isDefault', 'is_default')),
    isLocked: bool(pick(raw, 'isLocked', 'is_locked')),
    createdBy: intOrNull(pick(raw, 'createdBy', 'created_by')),
    createdAt: typeof createdAt === 'string' ? createdAt : new Date(0).toISOString(),
    isActive: pick(raw, 'isActive', 'is_active') !== false,
    userCount: Number.isFinite(userCount) && userCount > 0 ? Math.floor(userCount) : 0,
    icon: typeof icon === 'string' && icon !== '' ? icon : null,
    isBroadcast: bool(pick(raw, 'isBroadcast', 'is_broadcast')),
    hostId: intOrNull(pick(raw, 'hostId', 'host_id')),
    speakers: idList(raw.speakers),
    micQueue: idList(pick(raw, 'micQueue', 'mic_queue')),
    chatLockAll: bool(pick(raw, 'chatLockAll', 'chat_lock_all')),
    chatLockVisitors: bool(pick(raw, 'chatLockVisitors', 'chat_lock_visitors')),
    pins: pinList(raw.pins),
    announcement: typeof raw.announcement === 'string' ? raw.announcement : '',
    welcome: typeof raw.welcome === 'string' ? raw.welcome : '',
    slowModeSeconds: Math.max(0, intOrNull(pick(raw, 'slowModeSeconds', 'slow_mode_seconds')) ?? 0),
    parentId: parentIdOf(pick(raw, 'parentId', 'parent_id'), String(id)),
  };
}

function parentIdOf(value: unknown, id: string): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value !== '' && value !== id ? value : null;
}

function pinList(value: unknown): PinnedMessage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = pinnedMessageSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function union(a: number[], b: number[]): number[] {
  return [...new Set([...a, ...b])];
}

/** Merge of two entries with one id (spec §3): flags OR-ed, larger count, lists unioned, later chat locks win. */
export function mergeRoom(earlier: Room, later: Room): Room {
  return {
    ...earlier,
    ...later,
    isDefault: earlier.isDefault || later.isDefault,
    isLocked: earlier.isLocked || later.isLocked,
    isBroadcast: earlier.isBroadcast || later.isBroadcast,
    isActive: earlier.isActive || later.isActive,
    userCount: Math.max(earlier.userCount, later.userCount),
    speakers: union(earlier.speakers, later.speakers),
    micQueue: union(earlier.micQueue, later.micQueue),
    chatLockAll: later.chatLockAll,
    chatLockVisitors: later.chatLockVisitors,
  };
}

/** Default rooms first, then by userCount descending; ties keep their incoming order. */
export function sortRooms(rooms: Room[]): Room[] {
  return rooms
    .map((room, index) => ({ room, index }))
    .sort(
      (a, b) =>
        Number(b.room.isDefault) - Number(a.room.isDefault) || b.room.userCount - a.room.userCount || a.index - b.index,
    )
    .map(({ room }) => room);
}

/** Normalises, drops invalid entries, merges duplicates and orders a room list. */
export function prepareRoomList(items: unknown[]): Room[] {
  const byId = new Map<string, Room>();
  for (const item of items) {
    const room = normalizeRoom(item);
    if (!room) continue;
    const existing = byId.get(room.id);
    byId.set(room.id, existing ? mergeRoom(existing, room) : room);
  }
  return sortRooms([...byId.values()]);
}

/**
 * Keeps at most `max` rows of the list (spec §9: 100 cached rooms): rooms listed under another
 * listed room (a city under its country) do not count, so the landing catalogue's 200 rooms never
 * push the country rooms or staff's rooms out. A room kept brings the rooms listed under it.
 */
export function capRoomList(rooms: Room[], max: number): Room[] {
  const ids = new Set(rooms.map((room) => room.id));
  const nested = (room: Room) => room.parentId !== null && room.parentId !== room.id && ids.has(room.parentId);
  const kept = new Set(
    rooms
      .filter((room) => !nested(room))
      .slice(0, max)
      .map((room) => room.id),
  );
  return rooms.filter((room) => kept.has(room.id) || (nested(room) && kept.has(room.parentId!)));
}

/** Case-insensitive search over name and description (spec §5). */
export function searchRooms(rooms: Room[], query: string): Room[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return rooms;
  return rooms.filter(
    (room) => room.name.toLowerCase().includes(needle) || room.description.toLowerCase().includes(needle),
  );
}

export interface RoomStats {
  totalRooms: number;
  broadcastRooms: number;
  connectedUsers: number;
  activeRooms: number;
}

export function roomStats(rooms: Room[]): RoomStats {
  return {
    totalRooms: rooms.length,
    broadcastRooms: rooms.filter((room) => room.isBroadcast).length,
    connectedUsers: rooms.reduce((sum, room) => sum + room.userCount, 0),
    activeRooms: rooms.filter((room) => room.userCount > 0).length,
  };
}
