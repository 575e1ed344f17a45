import * as z from 'zod/mini';
import { roomIdSchema, roomListResponseSchema, roomSchema } from '../entities/room';
import { endpoint } from './endpoint';

export const roomIdParamsSchema = z.object({ id: roomIdSchema });

export const roomLockBodySchema = z.object({ isLocked: z.boolean() });

export const ROOM_NAME_MAX = 40;
export const ROOM_DESCRIPTION_MAX = 200;
/** Largest room picture accepted, in bytes (413 past it). */
export const ROOM_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The create-room form's text fields (multipart; spec §7: isBroadcast as 'true'/'false'). */
export const createRoomBodySchema = z.object({
  name: z
    .string({ error: 'ROOM_NAME_REQUIRED' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'ROOM_NAME_REQUIRED' }),
      z.maxLength(ROOM_NAME_MAX, { error: 'ROOM_NAME_TOO_LONG' }),
    ),
  description: z._default(
    z.string().check(z.trim(), z.maxLength(ROOM_DESCRIPTION_MAX, { error: 'ROOM_DESCRIPTION_TOO_LONG' })),
    '',
  ),
  isBroadcast: z._default(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value) => value === 'true'),
    ),
    false,
  ),
  /** Spec §7 sends it; the creator is always the session's user. */
  userId: z.optional(z.unknown()),
});

export const chatLockBodySchema = z
  .object({ chatLockAll: z.optional(z.boolean()), chatLockVisitors: z.optional(z.boolean()) })
  .check(
    z.refine((body) => body.chatLockAll !== undefined || body.chatLockVisitors !== undefined, {
      error: 'NOTHING_TO_UPDATE',
    }),
  );

const roomReplySchema = z.object({ room: roomSchema });
/** Spec §7 sends a userId with deletes and icon changes; the actor is always the session's user. */
const ignoredUserBodySchema = z.object({ userId: z.optional(z.unknown()) });

export const roomsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/rooms',
    auth: 'none',
    reply: roomListResponseSchema,
    summary: 'Every active room with its live count: default rooms first, then the busiest',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/rooms',
    auth: 'session',
    body: createRoomBodySchema,
    files: ['image'],
    reply: z.object({ room: roomSchema }),
    summary: 'Create a room (owner, admin); multipart with an optional image, re-encoded to WebP',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/rooms/:id',
    auth: 'session',
    params: roomIdParamsSchema,
    reply: z.object({ ok: z.literal(true), movedTo: z.string() }),
    summary: 'Delete a room that is not a default one (owner, admin); people inside move to the general room',
  }),
  icon: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/icon',
    auth: 'session',
    params: roomIdParamsSchema,
    body: ignoredUserBodySchema,
    files: ['image'],
    reply: roomReplySchema,
    summary: "Change a room's picture (owner, admin); multipart `image`",
  }),
  lock: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/lock',
    auth: 'session',
    params: roomIdParamsSchema,
    body: roomLockBodySchema,
    reply: roomReplySchema,
    summary: 'Lock or unlock a room (staff); everyone gets `roomUpdate roomChanged`',
  }),
  chatLock: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/chat-lock',
    auth: 'session',
    params: roomIdParamsSchema,
    body: chatLockBodySchema,
    reply: roomReplySchema,
    summary: 'Only staff may post (chatLockAll), or visitors may not (chatLockVisitors)',
  }),
};
