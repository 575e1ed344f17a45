import { and, asc, inArray, lt, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from '../retention';

/**
 * Room messages older than the public period (30 days by default), oldest first. Their reactions
 * go with them (the foreign key cascades); notifications about them and their pictures are swept
 * by the notifications and images rules.
 */
export function roomMessagesRetention(db: Db, periods: Pick<RetentionPeriods, 'publicDays'>): RetentionRule {
  return {
    kind: 'roomMessages',
    async sweep(now, batchSize) {
      const oldest = db
        .select({ id: messages.id })
        .from(messages)
        .where(and(not(messages.isPrivate), lt(messages.createdAt, cutoff(now, periods.publicDays))))
        .orderBy(asc(messages.createdAt))
        .limit(batchSize);
      const gone = await db.delete(messages).where(inArray(messages.id, oldest)).returning({ id: messages.id });
      return gone.length;
    },
  };
}
