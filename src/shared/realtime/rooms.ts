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

export const roomsClientEvents = {
  joinRoom: clientEvent(
    'Enters a room (leaving the previous one); then `roomJoined` and `onlineUsers`',
    joinRoomPayloadSchema,
    z.object({ roomId: z.string() }),
  ),
};

export const roomUpdateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('userCountUpdate'), roomId: z.string(), userCount: z.int() }),
  z.object({ type: z.literal('roomChanged'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomCreated'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomDeleted'), roomId: z.string(), movedTo: z.string() }),
]);
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

export const roomsServerEvents = {
  chatLockUpdated: serverEvent(
    "To everyone: a room's chat locks changed",
    z.object({ roomId: z.string(), chatLockAll: z.boolean(), chatLockVisitors: z.boolean() }),
  ),
  roomUpdate: serverEvent(
    "To everyone: a room's live count (`userCountUpdate`), its new state (`roomChanged`), a new room (`roomCreated`), or a deleted one and where its people were moved (`roomDeleted`)",
    roomUpdateSchema,
  ),
};

export const roomsEnvelopes = {
  onlineUsers: envelope('onlineUsers', 'Everyone in the room, sent to whoever enters', {
    roomId: z.string(),
    users: z.array(onlineUserSchema),
  }),
  roomJoined: envelope('roomJoined', 'The room the socket just entered', { roomId: z.string(), room: roomSchema }),
};
