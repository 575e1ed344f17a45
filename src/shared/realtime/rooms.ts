/** Rooms: entering one, and every room's live count and state for everyone. */
import * as z from 'zod/mini';
import { roomIdSchema, roomSchema } from '../entities/room';
import { onlineUserSchema } from '../entities/user';
import { clientEvent, envelope, serverEvent } from './registry';

/** Spec §7 `joinRoom`. userId and username are accepted for compatibility and ignored. */
export const joinRoomPayloadSchema = z.object({
  roomId: roomIdSchema,
  userId: z.optional(z.unknown()),
  username: z.optional(z.unknown()),
});

/** A further page of the online list of the room the socket is in (big rooms). */
export const onlineUsersLoadPayloadSchema = z.object({
  roomId: roomIdSchema,
  offset: z.int().check(z.minimum(0), z.maximum(1_000_000)),
});
export const onlineUsersPageSchema = z.object({
  roomId: z.string(),
  users: z.array(onlineUserSchema),
  total: z.int(),
  hasMore: z.boolean(),
});
export type OnlineUsersPage = z.infer<typeof onlineUsersPageSchema>;

export const roomsClientEvents = {
  joinRoom: clientEvent(
    'Enters a room (leaving the previous one); then `roomJoined` and `onlineUsers`',
    joinRoomPayloadSchema,
    z.object({ roomId: z.string() }),
  ),
  onlineUsersLoad: clientEvent(
    "The next page of the online list of the socket's room, from `offset` (in arrival order)",
    onlineUsersLoadPayloadSchema,
    onlineUsersPageSchema,
  ),
};

export const roomUpdateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('userCountUpdate'), roomId: z.string(), userCount: z.int() }),
  // Several rooms' counts at once (a flush where more than one changed): one event, not one per room.
  z.object({ type: z.literal('userCounts'), counts: z.record(z.string(), z.int()) }),
  z.object({ type: z.literal('roomChanged'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomCreated'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomDeleted'), roomId: z.string(), movedTo: z.string() }),
]);
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

/** The live count of `roomId` an update carries (either count shape), if it carries one. */
export function roomCountIn(update: RoomUpdate, roomId: string): number | undefined {
  if (update.type === 'userCountUpdate') return update.roomId === roomId ? update.userCount : undefined;
  if (update.type === 'userCounts') return Object.hasOwn(update.counts, roomId) ? update.counts[roomId] : undefined;
  return undefined;
}

export const roomsServerEvents = {
  chatLockUpdated: serverEvent(
    "To everyone: a room's chat locks changed",
    z.object({ roomId: z.string(), chatLockAll: z.boolean(), chatLockVisitors: z.boolean() }),
  ),
  roomUpdate: serverEvent(
    "To everyone: a room's live count (`userCountUpdate`), several rooms' counts at once (`userCounts`), its new state (`roomChanged`), a new room (`roomCreated`), or a deleted one and where its people were moved (`roomDeleted`)",
    roomUpdateSchema,
  ),
};

export const roomsEnvelopes = {
  onlineUsers: envelope(
    'onlineUsers',
    'Everyone in the room, sent to whoever enters. In a big room (more people than a page), the first page only, with `total` and `hasMore`: the rest comes by `onlineUsersLoad`',
    {
      roomId: z.string(),
      users: z.array(onlineUserSchema),
      total: z.optional(z.int()),
      hasMore: z.optional(z.boolean()),
    },
  ),
  roomJoined: envelope('roomJoined', 'The room the socket just entered', { roomId: z.string(), room: roomSchema }),
};
