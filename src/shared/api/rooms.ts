import * as z from 'zod/mini';
import { roomIdSchema, roomListResponseSchema, roomSchema } from '../entities/room';
import { endpoint } from './endpoint';

export const roomIdParamsSchema = z.object({ id: roomIdSchema });

export const roomLockBodySchema = z.object({ isLocked: z.boolean() });

export const chatLockBodySchema = z
  .object({ chatLockAll: z.optional(z.boolean()), chatLockVisitors: z.optional(z.boolean()) })
  .check(
    z.refine((body) => body.chatLockAll !== undefined || body.chatLockVisitors !== undefined, {
      error: 'NOTHING_TO_UPDATE',
    }),
  );

const roomReplySchema = z.object({ room: roomSchema });

export const roomsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/rooms',
    auth: 'none',
    reply: roomListResponseSchema,
    summary: 'Every active room with its live count: default rooms first, then the busiest',
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
