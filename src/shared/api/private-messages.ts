import * as z from 'zod/mini';
import { PRIVATE_MESSAGES } from '../constants';
import { messageIdParamSchema, userIdParamSchema, userIdSchema } from '../entities/ids';
import { clientMessageIdSchema, messageSchema, normalizeHexColor } from '../entities/message';
import { publicUserSchema } from '../entities/user';
import { endpoint } from './endpoint';
import {
  editedMessageReplySchema,
  editMessageBodySchema,
  messageIdParamsSchema,
  searchQuerySchema,
  searchResultsSchema,
} from './messages';
import { sentContentSchema, sentMessageTypeSchema } from './uploads';

/**
 * `POST /api/private-messages/send`: the same content rules as a room message. `senderId` is
 * accepted and ignored (the sender is the session's user); an invalid colour is ignored (spec §5).
 * An image message names a picture its sender uploaded (`POST /api/uploads/image`); a legacy
 * data-image content is converted to one.
 */
export const sendPrivateMessageBodySchema = z.object({
  receiverId: userIdSchema,
  content: sentContentSchema,
  messageType: sentMessageTypeSchema,
  textColor: z.pipe(z.optional(z.unknown()), z.transform(normalizeHexColor)),
  bold: z._default(z.boolean(), false),
  clientMessageId: z.optional(clientMessageIdSchema),
  senderId: z.optional(z.unknown()),
});
export type SendPrivateMessageBody = z.infer<typeof sendPrivateMessageBodySchema>;

/** One entry of a person's conversations list (spec §3 "Conversation summary"). */
export const conversationSummarySchema = z.object({
  otherUserId: z.int(),
  otherUser: publicUserSchema,
  lastMessage: messageSchema,
  /** Messages from the other person not read yet. */
  unreadCount: z.int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const ownerParamsSchema = z.object({ userId: userIdParamSchema });
export const conversationParamsSchema = z.object({ userId: userIdParamSchema, otherId: userIdParamSchema });
export const otherParamsSchema = z.object({ otherId: userIdParamSchema });

export const conversationsQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(z.int(), z.gte(1), z.lte(PRIVATE_MESSAGES.conversationsLimit)),
    PRIVATE_MESSAGES.conversationsLimit,
  ),
});

/** An ISO time in a query: anything `Date` cannot read is refused, never passed to SQL. */
const isoTimeSchema = z.pipe(
  z.string().check(
    z.maxLength(40),
    z.refine((text) => !Number.isNaN(Date.parse(text)), { error: 'VALIDATION_ERROR' }),
  ),
  z.transform((text) => new Date(Date.parse(text))),
);

/**
 * `?limit=N&beforeTs=ISO`: the page before a time (the oldest message shown). `beforeId`, that
 * message's id, also takes the messages of the same millisecond that the last page did not show.
 */
export const conversationQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PRIVATE_MESSAGES.maxPage)), PRIVATE_MESSAGES.page),
  beforeTs: z.optional(isoTimeSchema),
  beforeId: z.optional(messageIdParamSchema),
});

export const privateMessagesEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/private-messages/send',
    auth: 'session',
    body: sendPrivateMessageBodySchema,
    reply: z.object({ message: messageSchema }),
    summary:
      'Send a private message (stored once per `clientMessageId`); every tab of both people gets `privateMessage`',
  }),
  conversations: endpoint({
    method: 'GET',
    path: '/api/private-messages/conversations/:userId',
    auth: 'session',
    params: ownerParamsSchema,
    query: conversationsQuerySchema,
    reply: z.object({ conversations: z.array(conversationSummarySchema) }),
    summary: "The caller's conversations, newest first, with unread counts (`userId` must be the caller)",
  }),
  conversation: endpoint({
    method: 'GET',
    path: '/api/private-messages/:userId/:otherId',
    auth: 'session',
    params: conversationParamsSchema,
    query: conversationQuerySchema,
    reply: z.object({
      messages: z.array(messageSchema),
      hasMore: z.boolean(),
      /** The other person has read the conversation up to this message id (0: nothing yet). */
      otherReadUpTo: z.int(),
    }),
    summary: 'A page of a conversation, oldest first, before `beforeTs` (`userId` must be the caller)',
  }),
  edit: endpoint({
    method: 'PATCH',
    path: '/api/private-messages/:id',
    auth: 'session',
    params: messageIdParamsSchema,
    body: editMessageBodySchema,
    reply: editedMessageReplySchema,
    summary:
      "Edit one of the caller's private messages within 15 minutes (the sending rules); both people's tabs get `privateMessageEdited`",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/private-messages/:id',
    auth: 'session',
    params: messageIdParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: "Delete one of the caller's private messages; both people's tabs get `privateMessageDeleted`",
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/private-messages/:otherId/read',
    auth: 'session',
    params: otherParamsSchema,
    reply: z.object({ ok: z.literal(true), lastReadMessageId: z.int() }),
    summary: "Mark a conversation read; the reader's tabs and the other person get `conversationRead`",
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/private-messages/search',
    auth: 'session',
    query: searchQuerySchema,
    reply: z.object({ ...searchResultsSchema.shape, people: z.array(publicUserSchema) }),
    summary:
      "The caller's own private messages, sent or received, whose words begin with every word of `q`, newest first, before `before`",
  }),
};
