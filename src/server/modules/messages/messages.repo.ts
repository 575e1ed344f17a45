import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Attachment } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import { messages, users, type MessageRow, type UserRow } from '../../db/schema';

export interface NewPublicMessage {
  roomId: string;
  senderId: number;
  content: string;
  messageType: 'text' | 'image';
  textColor: string | null;
  bold: boolean;
  clientMessageId: string | null;
  /** An image message's picture (thumbnail and size). */
  attachments: Attachment[];
  /** The room message this one replies to (checked by the caller). */
  replyToId?: number | null;
  /** When it was sent, by the server's clock. */
  createdAt: Date;
}

export interface MessageWithSender {
  message: MessageRow;
  sender: UserRow;
}

export function createMessagesRepo(db: Db) {
  const withSender = () =>
    db.select({ message: messages, sender: users }).from(messages).innerJoin(users, eq(users.id, messages.senderId));

  // The hot path: built once and prepared, so each message skips query building and planning.
  const insertPublic = db
    .insert(messages)
    .values({
      roomId: sql.placeholder('roomId'),
      senderId: sql.placeholder('senderId'),
      content: sql.placeholder('content'),
      messageType: sql.placeholder('messageType'),
      textColor: sql.placeholder('textColor'),
      bold: sql.placeholder('bold'),
      clientMessageId: sql.placeholder('clientMessageId'),
      // Given as JSON text and cast, so the prepared statement needs no driver-specific mapping.
      attachments: sql`cast(${sql.placeholder('attachments')} as jsonb)`,
      replyToId: sql.placeholder('replyToId'),
      // The server's clock (the edit window is measured from it), as ISO text for the same reason.
      createdAt: sql`cast(${sql.placeholder('createdAt')} as timestamptz)`,
      isPrivate: false,
    })
    .onConflictDoNothing({
      target: [messages.senderId, messages.clientMessageId],
      where: sql`${messages.clientMessageId} is not null`,
    })
    .returning()
    .prepare('insert_public_message');

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
     * Stores a room message once per (sender, clientMessageId): a retried send returns the stored
     * row with `created: false` instead of storing it again.
     */
    async insertPublic(values: NewPublicMessage): Promise<{ row: MessageRow; created: boolean }> {
      const [row] = await insertPublic.execute({
        ...values,
        attachments: JSON.stringify(values.attachments),
        replyToId: values.replyToId ?? null,
        createdAt: values.createdAt.toISOString(),
      });
      if (row) return { row, created: true };
      return { row: (await findSent(values.senderId, values.clientMessageId ?? ''))!, created: false };
    },

    /** A message already stored under the sender's own id for it (a retried send). */
    findSent,

    /** A message still shown, with its sender. */
    async findShown(id: number): Promise<MessageWithSender | undefined> {
      const [row] = await withSender()
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .limit(1);
      return row;
    },

    /** Hides a message for good; the row stays for the moderation record. */
    async markDeleted(id: number, by: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(messages)
        .set({ deletedAt: at, deletedBy: by })
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      return rows.length > 0;
    },

    /** A shown message's new text (an edit by its sender); the row, or undefined if it is gone. */
    async updateContent(id: number, content: string, at: Date): Promise<MessageRow | undefined> {
      const [row] = await db
        .update(messages)
        .set({ content, editedAt: at })
        .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
        .returning();
      return row;
    },

    /** The newest `limit` messages of a room, oldest first. */
    async latestInRoom(roomId: string, limit: number): Promise<MessageWithSender[]> {
      const rows = await withSender()
        .where(and(eq(messages.roomId, roomId), eq(messages.isPrivate, false), isNull(messages.deletedAt)))
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * Up to `limit` shown messages of a room before `beforeId`, oldest first, walking the
     * (room_id, id) index backwards; one extra row is read to tell whether older ones remain.
     */
    async beforeInRoom(
      roomId: string,
      beforeId: number,
      limit: number,
    ): Promise<{ rows: MessageWithSender[]; hasMore: boolean }> {
      const rows = await withSender()
        .where(
          and(
            eq(messages.roomId, roomId),
            eq(messages.isPrivate, false),
            isNull(messages.deletedAt),
            lt(messages.id, beforeId),
          ),
        )
        .orderBy(desc(messages.id))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasMore };
    },

    /** Messages of a room after `sinceId`, oldest first: what a reconnecting client missed. */
    async sinceInRoom(roomId: string, sinceId: number, limit: number): Promise<MessageWithSender[]> {
      return withSender()
        .where(
          and(
            eq(messages.roomId, roomId),
            eq(messages.isPrivate, false),
            isNull(messages.deletedAt),
            gt(messages.id, sinceId),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
    },

    /** Ids of a room's messages from `fromId` to `toId` that were deleted (a cache reconciles with them). */
    async deletedInRoom(roomId: string, fromId: number, toId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.roomId, roomId),
            gte(messages.id, fromId),
            lte(messages.id, toId),
            isNotNull(messages.deletedAt),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
