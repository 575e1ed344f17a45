/** Room messages: posting, typing, and a message leaving the room's screens. */
import * as z from 'zod/mini';
import { sentContentSchema, sentMessageTypeSchema } from '../api/uploads';
import { clientMessageIdSchema, messageSchema, normalizeHexColor } from '../entities/message';
import { roomIdSchema } from '../entities/room';
import { clientEvent, envelope } from './registry';

/**
 * Spec §7 `publicMessage`. senderId, isPrivate and receiverId are accepted and ignored: the sender
 * is always the session's user. An invalid colour is ignored (spec §5), not refused.
 */
export const publicMessagePayloadSchema = z.object({
  roomId: roomIdSchema,
  content: sentContentSchema,
  messageType: sentMessageTypeSchema,
  textColor: z.pipe(z.optional(z.unknown()), z.transform(normalizeHexColor)),
  bold: z._default(z.boolean(), false),
  clientMessageId: z.optional(clientMessageIdSchema),
  /** The room message this one replies to. */
  replyToId: z.optional(z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
  senderId: z.optional(z.unknown()),
  isPrivate: z.optional(z.unknown()),
  receiverId: z.optional(z.unknown()),
});

export const typingPayloadSchema = z.object({ roomId: roomIdSchema, isTyping: z.boolean() });

export const messagesClientEvents = {
  publicMessage: clientEvent(
    'Posts to the room the socket is in; the room gets `newMessage`',
    publicMessagePayloadSchema,
    z.object({ message: messageSchema }),
  ),
  typing: clientEvent('Typing indicator; others in the room get `typing`', typingPayloadSchema),
};

export const messagesEnvelopes = {
  newMessage: envelope('newMessage', 'A message posted in the room', { message: messageSchema }),
  typing: envelope('typing', 'Someone in the room started or stopped typing', {
    roomId: z.string(),
    userId: z.int(),
    username: z.string(),
    isTyping: z.boolean(),
  }),
  messageEdited: envelope('messageEdited', 'Its sender edited a message: its new text and when', {
    roomId: z.string(),
    messageId: z.int(),
    content: z.string(),
    editedAt: z.string(),
  }),
  messageDeleted: envelope(
    'messageDeleted',
    'A message was deleted by its author or by staff, or (`withdrawn`) posted but not stored',
    {
      roomId: z.string(),
      messageId: z.int(),
      /** Heard as posted but never stored (the write failed): its sender's page sends it again. */
      withdrawn: z.optional(z.boolean()),
    },
  ),
};
