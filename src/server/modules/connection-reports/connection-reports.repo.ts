import type { Db } from '../../db/client';
import { connectionReports } from '../../db/schema';

export type NewConnectionReport = typeof connectionReports.$inferInsert;

export function createConnectionReportsRepo(db: Db) {
  return {
    async insert(values: NewConnectionReport): Promise<void> {
      await db.insert(connectionReports).values(values);
    },
  };
}

export type ConnectionReportsRepo = ReturnType<typeof createConnectionReportsRepo>;
