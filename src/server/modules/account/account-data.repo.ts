import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, privateConversations, users } from '../../db/schema';

/** What an account export and an account deletion read and remove. */
export function createAccountDataRepo(db: Db) {
  return {
    /** The user's room messages (not the ones deleted), oldest first. */
    async roomMessagesOf(userId: number) {
      return db
        .select({
          id: messages.id,
          roomId: messages.roomId,
          content: messages.content,
          messageType: messages.messageType,
          textColor: messages.textColor,
          bold: messages.bold,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(and(eq(messages.senderId, userId), eq(messages.isPrivate, false), isNull(messages.deletedAt)))
        .orderBy(asc(messages.id));
    },

    /** Private messages the user sent or received, oldest first. */
    async privateMessagesOf(userId: number) {
      return db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          receiverId: messages.receiverId,
          content: messages.content,
          messageType: messages.messageType,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(
          and(
            eq(messages.isPrivate, true),
            isNull(messages.deletedAt),
            or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
          ),
        )
        .orderBy(asc(messages.id));
    },

    /** The user's conversations, with the other person's name. */
    async conversationsOf(userId: number) {
      return db
        .select({
          otherUserId: privateConversations.otherUserId,
          otherUsername: users.username,
          unreadCount: privateConversations.unreadCount,
          lastMessageId: privateConversations.lastMessageId,
          lastReadMessageId: privateConversations.lastReadMessageId,
        })
        .from(privateConversations)
        .innerJoin(users, eq(users.id, privateConversations.otherUserId))
        .where(eq(privateConversations.userId, userId));
    },

    /** Other users with this avatar (the same picture uploaded twice is one file). */
    async avatarUsedByOthers(hash: string, userId: number): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.avatarHash, hash)).limit(2);
      return rows.some((row) => row.id !== userId);
    },

    /**
     * Removes the account. Its sessions, room and private messages it sent, conversations and
     * sanctions go with it (the tables' cascades); the moderation record keeps its entries
     * without the person. Private messages it received are the sender's and stay theirs.
     */
    async deleteUser(userId: number): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}

export type AccountDataRepo = ReturnType<typeof createAccountDataRepo>;
