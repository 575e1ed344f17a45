import { and, asc, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from '../retention';

/**
 * Notifications go with what they are about: a private message's (its text is in it) after the
 * private period, a mention's or reply's after the public period, the rest (friend requests,
 * moderation, the site's) after the security period. A grouped entry's time is its latest message.
 */
export function notificationsRetention(db: Db, periods: RetentionPeriods): RetentionRule {
  return {
    kind: 'notifications',
    async sweep(now, batchSize) {
      const privateBefore = cutoff(now, periods.privateDays);
      const publicBefore = cutoff(now, periods.publicDays);
      const otherBefore = cutoff(now, periods.securityDays);
      const newest = new Date(Math.max(privateBefore.getTime(), publicBefore.getTime(), otherBefore.getTime()));
      const oldest = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            // The index narrows to what any period may delete; the type picks the period.
            lt(notifications.createdAt, newest),
            sql`${notifications.createdAt} < case
              when ${notifications.type} = 'message' then ${privateBefore.toISOString()}::timestamptz
              when ${notifications.type} in ('mention', 'reply') then ${publicBefore.toISOString()}::timestamptz
              else ${otherBefore.toISOString()}::timestamptz end`,
          ),
        )
        .orderBy(asc(notifications.createdAt))
        .limit(batchSize);
      const gone = await db
        .delete(notifications)
        .where(inArray(notifications.id, oldest))
        .returning({ id: notifications.id });
      return gone.length;
    },
  };
}
