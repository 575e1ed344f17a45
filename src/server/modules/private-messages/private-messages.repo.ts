import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Attachment } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import { matchingMessages, searchVectorOf } from '../../db/message-search';
import {
  messageColumns,
  messages,
  privateConversations,
  users,
  type MessageRow,
  type PrivateConversationRow,
  type UserRow,
} from '../../db/schema';

export interface NewPrivateMessage {
  senderId: number;
  receiverId: number;
  content: string;
  messageType: 'text' | 'image' | 'voice';
  textColor: string | null;
  bold: boolean;
  clientMessageId: string | null;
  createdAt: Date;
  /** An image message's picture (thumbnail and size). */
  attachments: Attachment[];
  /** The receiver ignores the sender: only the sender's conversation row follows it. */
  quietly?: boolean;
}

export interface ConversationEntry {
  conversation: PrivateConversationRow;
  lastMessage: MessageRow;
  other: UserRow;
}

// The same expressions as the `messages_private_pair_idx` index, so its order serves the pages.
const pairLow = sql`least(${messages.senderId}, ${messages.receiverId})`;
const pairHigh = sql`greatest(${messages.senderId}, ${messages.receiverId})`;

function withoutQuietly({ quietly: _quietly, ...values }: NewPrivateMessage) {
  return values;
}

export function createPrivateMessagesRepo(db: Db) {
  async function findSent(senderId: number, clientMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await db
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)))
      .limit(1);
    return row;
  }

  return {
    /**
     * Stores a private message once per (sender, clientMessageId), and in the same transaction
     * brings both people's conversation rows up to it (the receiver's unread count grows by one).
     * A retried send returns the stored row with `created: false` and changes nothing.
     */
    async insert(values: NewPrivateMessage): Promise<{ row: MessageRow; created: boolean }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({
            ...withoutQuietly(values),
            roomId: null,
            isPrivate: true,
            searchVector: values.messageType === 'text' ? searchVectorOf(values.content) : null,
          })
          .onConflictDoNothing({
            target: [messages.senderId, messages.clientMessageId],
            where: sql`${messages.clientMessageId} is not null`,
          })
          .returning();
        if (!row) {
          const stored = await tx
            .select()
            .from(messages)
            .where(
              and(eq(messages.senderId, values.senderId), eq(messages.clientMessageId, values.clientMessageId ?? '')),
            )
            .limit(1);
          return { row: stored[0]!, created: false };
        }
        await tx
          .insert(privateConversations)
          .values([
            { userId: row.senderId, otherUserId: values.receiverId, lastMessageId: row.id, unreadCount: 0 },
            ...(values.quietly
              ? []
              : [{ userId: values.receiverId, otherUserId: row.senderId, lastMessageId: row.id, unreadCount: 1 }]),
          ])
          .onConflictDoUpdate({
            target: [privateConversations.userId, privateConversations.otherUserId],
            set: {
              lastMessageId: sql`greatest(${privateConversations.lastMessageId}, excluded.last_message_id)`,
              unreadCount: sql`${privateConversations.unreadCount} + excluded.unread_count`,
            },
          });
        return { row, created: true };
      });
    },

    /** A message already stored under the sender's own id for it (a retried send). */
    findSent,

    /** A private message still shown. */
    async findShown(id: number): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.id, id), eq(messages.isPrivate, true), isNull(messages.deletedAt)))
        .limit(1);
      return row;
    },

    /** A shown private message's new text; the row, or undefined if it is gone. */
    async updateContent(id: number, content: string, at: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ content, editedAt: at, searchVector: searchVectorOf(content) })
        .where(and(eq(messages.id, id), eq(messages.isPrivate, true), isNull(messages.deletedAt)))
        .returning();
      return row;
    },

    /** Hides a private message for good (the row stays for the moderation record). */
    async markDeleted(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ deletedAt: at, deletedBy: by })
        .where(and(eq(messages.id, id), eq(messages.isPrivate, true), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /**
     * A person's conversations, newest first, each with its last message and the other person,
     * in one query (the (user_id, last_message_id) index walked backwards).
     */
    async conversations(userId: number, limit: number): Promise<ConversationEntry[]> {
      return db
        .select({ conversation: privateConversations, lastMessage: messageColumns, other: users })
        .from(privateConversations)
        .innerJoin(messages, eq(messages.id, privateConversations.lastMessageId))
        .innerJoin(users, eq(users.id, privateConversations.otherUserId))
        .where(eq(privateConversations.userId, userId))
        .orderBy(desc(privateConversations.lastMessageId))
        .limit(limit);
    },

    /** One person's row of a conversation (their unread count and read mark). */
    async conversation(userId: number, otherUserId: number): Promise<PrivateConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(privateConversations)
        .where(and(eq(privateConversations.userId, userId), eq(privateConversations.otherUserId, otherUserId)))
        .limit(1);
      return row;
    },

    /**
     * Up to `limit` shown messages between two people, oldest first, before `(beforeTs, beforeId)`
     * when given; one extra row is read to tell whether older ones remain.
     */
    async page(
      a: number,
      b: number,
      limit: number,
      before: { ts: Date; id: number | undefined } | undefined,
    ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
      const conditions = [
        eq(messages.isPrivate, true),
        sql`${pairLow} = ${Math.min(a, b)}`,
        sql`${pairHigh} = ${Math.max(a, b)}`,
        isNull(messages.deletedAt),
      ];
      // A row comparison, so the index seeks straight to the page instead of filtering newer rows.
      if (before)
        conditions.push(
          before.id === undefined
            ? lt(messages.createdAt, before.ts)
            : sql`(${messages.createdAt}, ${messages.id}) < (${before.ts.toISOString()}::timestamptz, ${before.id})`,
        );
      const rows = await db
        .select(messageColumns)
        .from(messages)
        .where(and(...conditions))
        .orderBy(desc(pairLow), desc(pairHigh), desc(messages.createdAt), desc(messages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasMore };
    },

    /**
     * Shown private messages `userId` sent or received whose words begin with every term, newest
     * first, before `beforeId` when given (one extra row tells whether more remain).
     */
    async search(
      userId: number,
      terms: readonly string[],
      beforeId: number | undefined,
      limit: number,
    ): Promise<{ rows: { message: MessageRow; sender: UserRow; receiver: UserRow }[]; hasMore: boolean }> {
      const receivers = alias(users, 'receiver');
      const rows = await db
        .select({ message: messageColumns, sender: users, receiver: receivers })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .innerJoin(receivers, eq(receivers.id, messages.receiverId))
        .where(
          and(
            eq(messages.isPrivate, true),
            or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
            isNull(messages.deletedAt),
            matchingMessages(terms),
            beforeId === undefined ? undefined : lt(messages.id, beforeId),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
      return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
    },

    /**
     * Marks `userId`'s side of a conversation read up to its last message; the new mark, or null
     * when there is no such conversation.
     */
    async markRead(userId: number, otherUserId: number): Promise<number | null> {
      const [row] = await db
        .update(privateConversations)
        .set({ unreadCount: 0, lastReadMessageId: sql`${privateConversations.lastMessageId}` })
        .where(and(eq(privateConversations.userId, userId), eq(privateConversations.otherUserId, otherUserId)))
        .returning({ lastReadMessageId: privateConversations.lastReadMessageId });
      return row?.lastReadMessageId ?? null;
    },
  };
}

export type PrivateMessagesRepo = ReturnType<typeof createPrivateMessagesRepo>;
