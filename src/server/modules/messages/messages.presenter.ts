import type { Message } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';
import type { MessageRow } from '../../db/schema';

export function toMessage(row: MessageRow, sender: PublicUser | null): Message {
  return {
    id: row.id,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    senderId: row.senderId,
    sender,
    messageType: row.messageType,
    isPrivate: row.isPrivate,
    roomId: row.roomId,
    receiverId: row.receiverId,
    reactions: { like: 0, dislike: 0, heart: 0 },
    myReaction: null,
    attachments: row.attachments,
    textColor: row.textColor,
    bold: row.bold,
    lastReaction: null,
    clientMessageId: row.clientMessageId,
    editedAt: row.editedAt?.toISOString() ?? null,
  };
}
