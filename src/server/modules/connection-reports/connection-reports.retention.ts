import { asc, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connectionReports } from '../../db/schema';
import type { RetentionRule } from '../module';
import { CONNECTION_REPORT_RETENTION_MS } from './connection-reports.service';

/** Connection reports (with the browser they name) are kept 7 days, within the security period. */
export function connectionReportsRetention(db: Db): RetentionRule {
  return {
    kind: 'connectionReports',
    async sweep(now, batchSize) {
      const oldest = db
        .select({ id: connectionReports.id })
        .from(connectionReports)
        .where(lt(connectionReports.createdAt, new Date(now.getTime() - CONNECTION_REPORT_RETENTION_MS)))
        .orderBy(asc(connectionReports.createdAt))
        .limit(batchSize);
      const gone = await db
        .delete(connectionReports)
        .where(inArray(connectionReports.id, oldest))
        .returning({ id: connectionReports.id });
      return gone.length;
    },
  };
}
