import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { messageIdParamSchema } from '../entities/ids';
import { clientMessageIdSchema, messageContentSchema, messageSchema, normalizeHexColor } from '../entities/message';
import { roomIdSchema } from '../entities/room';
import { endpoint } from './endpoint';
import { sentContentSchema, sentMessageTypeSchema } from './uploads';

export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/** `GET /api/messages/room/{roomId}/latest?limit=12` */
export const latestQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.latestMaxLimit)), MESSAGES.latestOnEntry),
});

/** `GET /api/messages/room/{roomId}/since?limit=500&sinceId=N`: catch-up after a reconnect. */
export const sinceQuerySchema = z.object({
  sinceId: messageIdParamSchema,
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.sinceMaxLimit)), MESSAGES.sinceMaxLimit),
  /**
   * The oldest id the caller holds (its local cache): the reply then also lists `deletedIds`, the
   * messages from `fromId` to `sinceId` deleted since, so the cache can drop them.
   */
  fromId: z.optional(messageIdParamSchema),
});

export const sinceReplySchema = z.object({
  messages: z.array(messageSchema),
  serverLatency: z.number(),
  deletedIds: z.optional(z.array(z.number())),
});

/** `GET /api/messages/room/{roomId}/before?beforeId=N&limit=20`: a page of older history. */
export const beforeQuerySchema = z.object({
  beforeId: messageIdParamSchema,
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.olderMaxLimit)), MESSAGES.olderPage),
});

export const olderMessagesResponseSchema = z.object({ messages: z.array(messageSchema), hasMore: z.boolean() });

export const latestMessagesResponseSchema = z.object({ messages: z.array(messageSchema) });

/**
 * `POST /api/messages/room/{roomId}`: a queued message, with the same fields and parsing as the
 * socket's `publicMessage` (an invalid colour is ignored, spec §5). The clientMessageId makes a
 * retry, by either way, store nothing new.
 */
export const sendMessageBodySchema = z.object({
  content: sentContentSchema,
  messageType: sentMessageTypeSchema,
  textColor: z.pipe(z.optional(z.unknown()), z.transform(normalizeHexColor)),
  bold: z._default(z.boolean(), false),
  clientMessageId: z.optional(clientMessageIdSchema),
  replyToId: z.optional(z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
});

export const messageIdParamsSchema = z.object({
  id: z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'MESSAGE_NOT_FOUND' }))),
});

/** `PATCH /api/messages/{id}` (and a private message's): the new text, the sending rules. */
export const editMessageBodySchema = z.object({ content: messageContentSchema });

/** A message's text after an edit (its sender sees it at once; the others through `messageEdited`). */
export const editedMessageReplySchema = z.object({ messageId: z.int(), content: z.string(), editedAt: z.string() });

export const messagesEndpoints = {
  edit: endpoint({
    method: 'PATCH',
    path: '/api/messages/:id',
    auth: 'session',
    params: messageIdParamsSchema,
    body: editMessageBodySchema,
    reply: editedMessageReplySchema,
    summary:
      'Edit a text message: its sender, within 15 minutes, under the sending rules (sanctions, locks, the word filter); the room gets `messageEdited`, the earlier text goes to the moderation log',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/messages/:id',
    auth: 'session',
    params: messageIdParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: 'Delete a message: its author, or staff above its author; the room gets `messageDeleted`',
  }),
  send: endpoint({
    method: 'POST',
    path: '/api/messages/room/:roomId',
    auth: 'session',
    params: roomParamsSchema,
    body: sendMessageBodySchema,
    reply: z.object({ message: messageSchema }),
    summary:
      'Send a queued message (offline outbox, polling fallback): the socket rules, the room must be enterable; the room gets `newMessage` once per clientMessageId',
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
  before: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/before',
    auth: 'session',
    params: roomParamsSchema,
    query: beforeQuerySchema,
    reply: olderMessagesResponseSchema,
    summary: 'A page of messages before `beforeId`, oldest first, and whether older ones remain (scrolling up)',
  }),
  since: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/since',
    auth: 'session',
    params: roomParamsSchema,
    query: sinceQuerySchema,
    reply: sinceReplySchema,
    summary:
      'Messages after `sinceId` (catch-up, polling; session cookie or `Authorization: Bearer` poll token); with `fromId`, also the ids deleted from `fromId` to `sinceId`',
  }),
};
