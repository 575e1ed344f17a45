import { and, asc, inArray, lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from '../retention';

/**
 * The address, device id and browser a session was started with are security records: past the
 * security period they are cleared (the session itself lives on while it is valid; expired ones
 * are deleted by the auth module's own timer).
 */
export function sessionsRetention(db: Db, periods: Pick<RetentionPeriods, 'securityDays'>): RetentionRule {
  return {
    kind: 'sessionAddresses',
    async sweep(now, batchSize) {
      const oldest = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            lt(sessions.createdAt, cutoff(now, periods.securityDays)),
            or(isNotNull(sessions.ip), isNotNull(sessions.deviceId), isNotNull(sessions.userAgent)),
          ),
        )
        .orderBy(asc(sessions.createdAt))
        .limit(batchSize);
      const cleared = await db
        .update(sessions)
        .set({ ip: null, deviceId: null, userAgent: null })
        .where(inArray(sessions.id, oldest))
        .returning({ id: sessions.id });
      return cleared.length;
    },
  };
}
