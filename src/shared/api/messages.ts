import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { messageIdParamSchema } from '../entities/ids';
import { messageSchema } from '../entities/message';
import { roomIdSchema } from '../entities/room';
import { endpoint } from './endpoint';

export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/** `GET /api/messages/room/{roomId}/latest?limit=12` */
export const latestQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.latestMaxLimit)), MESSAGES.latestOnEntry),
});

/** `GET /api/messages/room/{roomId}/since?limit=500&sinceId=N`: catch-up after a reconnect. */
export const sinceQuerySchema = z.object({
  sinceId: messageIdParamSchema,
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.sinceMaxLimit)), MESSAGES.sinceMaxLimit),
});

export const latestMessagesResponseSchema = z.object({ messages: z.array(messageSchema) });

export const messageIdParamsSchema = z.object({
  id: z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'MESSAGE_NOT_FOUND' }))),
});

export const messagesEndpoints = {
  remove: endpoint({
    method: 'DELETE',
    path: '/api/messages/:id',
    auth: 'session',
    params: messageIdParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: 'Delete a message: its author, or staff above its author; the room gets `messageDeleted`',
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/latest',
    auth: 'session',
    params: roomParamsSchema,
    query: latestQuerySchema,
    reply: latestMessagesResponseSchema,
    summary: 'The newest messages of a room the caller may enter, oldest first',
  }),
  since: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/since',
    auth: 'session',
    params: roomParamsSchema,
    query: sinceQuerySchema,
    reply: z.object({ messages: z.array(messageSchema), serverLatency: z.number() }),
    summary: 'Messages after `sinceId` (catch-up after a reconnect, polling)',
  }),
};
