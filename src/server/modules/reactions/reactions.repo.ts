import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ReactionType } from '../../../shared/entities/message';
import type { Db } from '../../db/client';
import { messageReactions, messages, users } from '../../db/schema';

export interface ReactionSummary {
  counts: Record<ReactionType, number>;
  last: { type: ReactionType; reactorName: string; timestamp: string } | null;
}

export interface QuotedMessage {
  id: number;
  senderId: number;
  senderName: string;
  content: string;
  roomId: string | null;
  messageType?: string;
}

const noCounts = (): Record<ReactionType, number> => ({ like: 0, dislike: 0, heart: 0 });

export function createReactionsRepo(db: Db) {
  return {
    /** Sets (or switches) one person's reaction to a message. */
    async set(messageId: number, userId: number, type: ReactionType, at: Date): Promise<void> {
      await db
        .insert(messageReactions)
        .values({ messageId, userId, type, createdAt: at })
        .onConflictDoUpdate({
          target: [messageReactions.messageId, messageReactions.userId],
          set: { type, createdAt: at },
        });
    },

    async remove(messageId: number, userId: number): Promise<void> {
      await db
        .delete(messageReactions)
        .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId)));
    },

    /**
     * Counts and latest reaction of a page of messages: two queries for the whole page, whatever
     * its size (never one per message).
     */
    async summaries(messageIds: number[]): Promise<Map<number, ReactionSummary>> {
      const result = new Map<number, ReactionSummary>();
      if (messageIds.length === 0) return result;
      const [counts, latest] = await Promise.all([
        db
          .select({ messageId: messageReactions.messageId, type: messageReactions.type, n: sql<number>`count(*)::int` })
          .from(messageReactions)
          .where(inArray(messageReactions.messageId, messageIds))
          .groupBy(messageReactions.messageId, messageReactions.type),
        db
          .selectDistinctOn([messageReactions.messageId], {
            messageId: messageReactions.messageId,
            type: messageReactions.type,
            at: messageReactions.createdAt,
            name: users.username,
          })
          .from(messageReactions)
          .innerJoin(users, eq(users.id, messageReactions.userId))
          .where(inArray(messageReactions.messageId, messageIds))
          .orderBy(messageReactions.messageId, desc(messageReactions.createdAt)),
      ]);
      const entry = (id: number) => {
        let found = result.get(id);
        if (!found) result.set(id, (found = { counts: noCounts(), last: null }));
        return found;
      };
      for (const row of counts) entry(row.messageId).counts[row.type] = Number(row.n);
      for (const row of latest)
        entry(row.messageId).last = { type: row.type, reactorName: row.name, timestamp: row.at.toISOString() };
      return result;
    },

    /** One person's reactions among a page of messages. */
    async mine(userId: number, messageIds: number[]): Promise<Map<number, ReactionType>> {
      if (messageIds.length === 0) return new Map();
      const rows = await db
        .select({ messageId: messageReactions.messageId, type: messageReactions.type })
        .from(messageReactions)
        .where(and(eq(messageReactions.userId, userId), inArray(messageReactions.messageId, messageIds)));
      return new Map(rows.map((r) => [r.messageId, r.type]));
    },

    /** A room message still shown, as far as reacting to it goes: its room and its type. */
    async reactable(id: number): Promise<{ roomId: string | null; messageType: string } | undefined> {
      const [row] = await db
        .select({ roomId: messages.roomId, messageType: messages.messageType })
        .from(messages)
        .where(and(eq(messages.id, id), isNull(messages.deletedAt), eq(messages.isPrivate, false)))
        .limit(1);
      return row;
    },

    /** The messages a page's replies quote (still shown), with their senders' names. */
    async quoted(ids: number[]): Promise<Map<number, QuotedMessage>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          senderName: users.username,
          content: messages.content,
          roomId: messages.roomId,
          messageType: messages.messageType,
        })
        .from(messages)
        .innerJoin(users, eq(users.id, messages.senderId))
        .where(and(inArray(messages.id, ids), isNull(messages.deletedAt), eq(messages.isPrivate, false)));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}

export type ReactionsRepo = ReturnType<typeof createReactionsRepo>;
