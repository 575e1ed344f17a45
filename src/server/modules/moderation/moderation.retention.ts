import { and, asc, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationLog, reports, sanctions } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from '../retention';

/**
 * Security records, kept the security period (90 days by default): the moderation log's entries,
 * sanctions that ended that long ago (lifted or expired; those in force stay, however old), and
 * handled reports (open ones wait for staff).
 */
export function moderationRetention(db: Db, periods: Pick<RetentionPeriods, 'securityDays'>): RetentionRule[] {
  const before = (now: Date) => cutoff(now, periods.securityDays);
  return [
    {
      kind: 'moderationLog',
      async sweep(now, batchSize) {
        const oldest = db
          .select({ id: moderationLog.id })
          .from(moderationLog)
          .where(lt(moderationLog.createdAt, before(now)))
          .orderBy(asc(moderationLog.createdAt))
          .limit(batchSize);
        const gone = await db
          .delete(moderationLog)
          .where(inArray(moderationLog.id, oldest))
          .returning({ id: moderationLog.id });
        return gone.length;
      },
    },
    {
      kind: 'endedSanctions',
      async sweep(now, batchSize) {
        // least() skips nulls: a lifted sanction ended when lifted or when it expired, whichever first.
        const endedAt = sql`least(${sanctions.liftedAt}, ${sanctions.expiresAt})`;
        const oldest = db
          .select({ id: sanctions.id })
          .from(sanctions)
          .where(sql`${endedAt} < ${before(now).toISOString()}::timestamptz`)
          .orderBy(endedAt)
          .limit(batchSize);
        const gone = await db.delete(sanctions).where(inArray(sanctions.id, oldest)).returning({ id: sanctions.id });
        return gone.length;
      },
    },
    {
      kind: 'closedReports',
      async sweep(now, batchSize) {
        const oldest = db
          .select({ id: reports.id })
          .from(reports)
          .where(and(ne(reports.status, 'open'), lt(reports.handledAt, before(now))))
          .orderBy(asc(reports.handledAt))
          .limit(batchSize);
        const gone = await db.delete(reports).where(inArray(reports.id, oldest)).returning({ id: reports.id });
        return gone.length;
      },
    },
  ];
}
