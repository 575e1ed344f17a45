/** Private messages: a message to both people's tabs, typing, and read marks. */
import * as z from 'zod/mini';
import { userIdSchema } from '../entities/ids';
import { messageSchema } from '../entities/message';
import { clientEvent, envelope, serverEvent } from './registry';

/** Spec §7 `privateTyping`: typing in a private conversation with `targetUserId`. */
export const privateTypingPayloadSchema = z.object({ targetUserId: userIdSchema, isTyping: z.boolean() });

export const privateMessagesClientEvents = {
  privateTyping: clientEvent(
    "Typing in a private conversation; the other person's tabs get `privateTyping`",
    privateTypingPayloadSchema,
  ),
};

export const privateMessagesServerEvents = {
  privateMessage: serverEvent(
    'A private message, to every tab of its sender and of its receiver',
    z.object({ message: messageSchema }),
  ),
  privateTyping: serverEvent(
    'To the other person in a private conversation: `userId` started or stopped typing',
    z.object({ userId: z.int(), isTyping: z.boolean() }),
  ),
};

export const privateMessagesEnvelopes = {
  privateMessageEdited: envelope('privateMessageEdited', "Its sender edited a private message: to both people's tabs", {
    messageId: z.int(),
    senderId: z.int(),
    receiverId: z.int(),
    content: z.string(),
    editedAt: z.string(),
  }),
  privateMessageDeleted: envelope(
    'privateMessageDeleted',
    "Its sender deleted a private message: it leaves both people's screens",
    { messageId: z.int(), senderId: z.int(), receiverId: z.int() },
  ),
  conversationRead: envelope(
    'conversationRead',
    "A private conversation was read: to the reader's every tab and to the other person (who sees it read)",
    {
      readerId: z.int(),
      otherUserId: z.int(),
      /** Every message of the conversation up to this id has been read by `readerId`. */
      lastReadMessageId: z.int(),
    },
  ),
};
