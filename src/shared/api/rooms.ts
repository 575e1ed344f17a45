import * as z from 'zod/mini';
import { messageIdParamSchema } from '../entities/ids';
import { ROOM_TOOLS, roomIdSchema, roomListResponseSchema, roomSchema } from '../entities/room';
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

/** `PUT /api/rooms/{id}/announcement` and `/welcome`: trimmed, at most 500 characters ('' removes it). */
export const roomTextBodySchema = z.object({
  text: z
    .string({ error: 'VALIDATION_ERROR' })
    .check(z.trim(), z.maxLength(ROOM_TOOLS.maxTextLength, { error: 'ROOM_TEXT_TOO_LONG' })),
});

/** `PUT /api/rooms/{id}/slow-mode`: whole seconds, 0 (off) to 300. */
export const slowModeBodySchema = z.object({
  seconds: z
    .int({ error: 'SLOW_MODE_INVALID' })
    .check(
      z.gte(0, { error: 'SLOW_MODE_INVALID' }),
      z.lte(ROOM_TOOLS.maxSlowModeSeconds, { error: 'SLOW_MODE_INVALID' }),
    ),
});

export const pinParamsSchema = z.object({
  id: roomIdSchema,
  messageId: z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'MESSAGE_NOT_FOUND' }))),
});

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
  pin: endpoint({
    method: 'POST',
    path: '/api/rooms/:id/pins/:messageId',
    auth: 'session',
    params: pinParamsSchema,
    reply: roomReplySchema,
    summary: 'Pin a message of the room (staff; at most 3); everyone gets `roomUpdate roomChanged` with the pins',
  }),
  unpin: endpoint({
    method: 'DELETE',
    path: '/api/rooms/:id/pins/:messageId',
    auth: 'session',
    params: pinParamsSchema,
    reply: roomReplySchema,
    summary: 'Unpin a message (staff); everyone gets `roomUpdate roomChanged`',
  }),
  announcement: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/announcement',
    auth: 'session',
    params: roomIdParamsSchema,
    body: roomTextBodySchema,
    reply: roomReplySchema,
    summary: "Set (or with '' remove) the room's announcement, at most 500 characters (staff); `roomUpdate`",
  }),
  welcome: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/welcome',
    auth: 'session',
    params: roomIdParamsSchema,
    body: roomTextBodySchema,
    reply: roomReplySchema,
    summary:
      "Set the welcome message shown to each person entering, `{name}` replaced by theirs (staff; '' removes it); `roomUpdate`",
  }),
  slowMode: endpoint({
    method: 'PUT',
    path: '/api/rooms/:id/slow-mode',
    auth: 'session',
    params: roomIdParamsSchema,
    body: slowModeBodySchema,
    reply: roomReplySchema,
    summary:
      'Slow mode (staff): each non-staff person may send one message per `seconds` (0 to 300, 0 off) in the room; `roomUpdate`',
  }),
};
