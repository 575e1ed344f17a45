import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, privateConversations } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from '../retention';

/**
 * Private messages older than the private period (7 days by default), oldest first, and the
 * conversations whose newest message went with them (so nothing older is left either).
 */
export function privateMessagesRetention(db: Db, periods: Pick<RetentionPeriods, 'privateDays'>): RetentionRule {
  return {
    kind: 'privateMessages',
    async sweep(now, batchSize) {
      const oldest = db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.isPrivate, true), lt(messages.createdAt, cutoff(now, periods.privateDays))))
        .orderBy(asc(messages.createdAt))
        .limit(batchSize);
      const gone = await db.delete(messages).where(inArray(messages.id, oldest)).returning({ id: messages.id });
      if (gone.length > 0)
        await db.delete(privateConversations).where(
          inArray(
            privateConversations.lastMessageId,
            gone.map((row) => row.id),
          ),
        );
      return gone.length;
    },
  };
}
