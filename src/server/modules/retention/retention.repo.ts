import { asc, desc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { retentionRuns, type RetentionRunRow } from '../../db/schema';
import type { RetentionRule } from '../module';
import { cutoff, type RetentionPeriods } from './periods';

export function createRetentionRepo(db: Db) {
  return {
    async record(run: Omit<RetentionRunRow, 'id'>): Promise<void> {
      await db.insert(retentionRuns).values(run);
    },

    async latest(): Promise<RetentionRunRow | undefined> {
      const [row] = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.id)).limit(1);
      return row;
    },
  };
}

export type RetentionRepo = ReturnType<typeof createRetentionRepo>;

/** The passes' own record is kept the security period too. */
export function retentionRunsRetention(db: Db, periods: Pick<RetentionPeriods, 'securityDays'>): RetentionRule {
  return {
    kind: 'retentionRuns',
    async sweep(now, batchSize) {
      const oldest = db
        .select({ id: retentionRuns.id })
        .from(retentionRuns)
        .where(lt(retentionRuns.startedAt, cutoff(now, periods.securityDays)))
        .orderBy(asc(retentionRuns.startedAt))
        .limit(batchSize);
      const gone = await db
        .delete(retentionRuns)
        .where(inArray(retentionRuns.id, oldest))
        .returning({ id: retentionRuns.id });
      return gone.length;
    },
  };
}
