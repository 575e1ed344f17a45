import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { messageIdParamSchema } from '../entities/ids';
import { clientMessageIdSchema, messageContentSchema, messageSchema, normalizeHexColor } from '../entities/message';
import { roomIdSchema } from '../entities/room';
import { isSearchable, SEARCH, searchTerms } from '../text/search';
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
  /**
   * With `fromId`: the server time (ms) of the caller's previous reply. Only what changed after it
   * comes back (edits in `edited`, deletions in `deletedIds`), so a page that reads by polling alone
   * sees edits and deletions as a socket would.
   */
  changedAfter: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(8_640_000_000_000_000))),
});

/** A message's new text, as `messageEdited` carries it. */
export const editedMessageSchema = z.object({ messageId: z.int(), content: z.string(), editedAt: z.string() });
export type EditedMessage = z.infer<typeof editedMessageSchema>;

export const sinceReplySchema = z.object({
  messages: z.array(messageSchema),
  serverLatency: z.number(),
  deletedIds: z.optional(z.array(z.number())),
  edited: z.optional(z.array(editedMessageSchema)),
  /** The server's time of this reply (ms): the next poll's `changedAfter`. */
  serverTime: z.optional(z.number()),
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

/**
 * A search query, `?q=`: up to `SEARCH.maxQueryLength` characters holding at least
 * `SEARCH.minLetters` letters or digits; parsed to its folded terms (`shared/text/search.ts`).
 */
export const searchQueryTextSchema = z.pipe(
  z
    .string({ error: 'SEARCH_QUERY_TOO_SHORT' })
    .check(z.maxLength(SEARCH.maxQueryLength, { error: 'SEARCH_QUERY_TOO_LONG' })),
  z.pipe(
    z.transform((text: string) => searchTerms(text)),
    z.array(z.string()).check(z.refine(isSearchable, { error: 'SEARCH_QUERY_TOO_SHORT' })),
  ),
);

/** `?q=…&before=N`: the page of results older than message N (the last one shown). */
export const searchQuerySchema = z.object({
  q: searchQueryTextSchema,
  before: z.optional(messageIdParamSchema),
});

/** Search results, newest first, and whether older ones remain. */
export const searchResultsSchema = z.object({ messages: z.array(messageSchema), hasMore: z.boolean() });

/** `GET /api/messages/room/{roomId}/around?id=N&limit=30`: a message in its context (a search result). */
export const aroundQuerySchema = z.object({
  id: z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'MESSAGE_NOT_FOUND' }))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(2), z.lte(MESSAGES.olderMaxLimit)), MESSAGES.olderPage),
});

export const aroundReplySchema = z.object({
  /** Oldest first, the asked message among them. */
  messages: z.array(messageSchema),
  hasOlder: z.boolean(),
  hasNewer: z.boolean(),
});

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
  search: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/search',
    auth: 'session',
    params: roomParamsSchema,
    query: searchQuerySchema,
    reply: searchResultsSchema,
    summary:
      'Messages of a room the caller may enter whose words begin with every word of `q` (Arabic spellings folded), newest first, before `before`',
  }),
  around: endpoint({
    method: 'GET',
    path: '/api/messages/room/:roomId/around',
    auth: 'session',
    params: roomParamsSchema,
    query: aroundQuerySchema,
    reply: aroundReplySchema,
    summary:
      'A shown message of a room the caller may enter and the messages around it, oldest first (jumping to a search result)',
  }),
};
