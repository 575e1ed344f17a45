import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connectionReports } from '../../db/schema';

export type NewConnectionReport = typeof connectionReports.$inferInsert;

export function createConnectionReportsRepo(db: Db) {
  return {
    async insert(values: NewConnectionReport): Promise<void> {
      await db.insert(connectionReports).values(values);
    },

    /** Deletes reports older than `before`; returns how many went. */
    async deleteOlderThan(before: Date): Promise<number> {
      const gone = await db
        .delete(connectionReports)
        .where(lt(connectionReports.createdAt, before))
        .returning({ id: connectionReports.id });
      return gone.length;
    },
  };
}

export type ConnectionReportsRepo = ReturnType<typeof createConnectionReportsRepo>;
