import { and, asc, count, desc, eq, gt, min, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Report } from '../../../shared/entities/moderation';
import type { Db } from '../../db/client';
import { messages, reports, users, type ReportRow } from '../../db/schema';

export type NewReport = typeof reports.$inferInsert;

/** A report with the names staff read: reporter, reported person, who handled it, and the room. */
export interface ReportWithNames {
  report: ReportRow;
  reporterName: string | null;
  username: string | null;
  handledByName: string | null;
  roomId: string | null;
}

/** Enough for a queue page: older reports are a click on "handled" away, never lost. */
const QUEUE_LIMIT = 200;

export function createReportsRepo(db: Db) {
  const reporter = alias(users, 'reporter');
  const reported = alias(users, 'reported');
  const handler = alias(users, 'handler');
  const withNames = () =>
    db
      .select({
        report: reports,
        reporterName: reporter.username,
        username: reported.username,
        handledByName: handler.username,
        roomId: messages.roomId,
      })
      .from(reports)
      .leftJoin(reporter, eq(reporter.id, reports.reporterId))
      .leftJoin(reported, eq(reported.id, reports.userId))
      .leftJoin(handler, eq(handler.id, reports.handledBy))
      .leftJoin(messages, eq(messages.id, reports.messageId));

  /** The same target as the unique index `reports_open_target_key` compares. */
  const sameTarget = (messageId: number | null, userId: number | null) =>
    and(
      eq(sql`coalesce(${reports.messageId}, 0)`, messageId ?? 0),
      eq(sql`coalesce(${reports.userId}, 0)`, userId ?? 0),
    );

  return {
    /** Stores a report; null when the reporter already has one open on that target. */
    async insert(values: NewReport): Promise<ReportRow | null> {
      const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async findOpen(reporterId: number, messageId: number | null, userId: number | null): Promise<ReportRow | null> {
      const [row] = await db
        .select()
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), eq(reports.status, 'open'), sameTarget(messageId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** How many reports `reporterId` made since `since`, and when the oldest of them was made. */
    async countSince(reporterId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const [row] = await db
        .select({ count: count(), oldest: min(reports.createdAt) })
        .from(reports)
        .where(and(eq(reports.reporterId, reporterId), gt(reports.createdAt, since)));
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async exists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).limit(1);
      return row !== undefined;
    },

    /** Closes an open report; null when it is not open (handled already, or unknown). */
    async close(
      id: number,
      values: { status: 'actioned' | 'dismissed'; outcome: string; handledBy: number; handledAt: Date },
    ): Promise<ReportRow | null> {
      const [row] = await db
        .update(reports)
        .set(values)
        .where(and(eq(reports.id, id), eq(reports.status, 'open')))
        .returning();
      return row ?? null;
    },

    async withNames(id: number): Promise<ReportWithNames | null> {
      const [row] = await withNames().where(eq(reports.id, id)).limit(1);
      return row ?? null;
    },

    /** The open queue oldest first (what waits longest comes first); handled ones newest first. */
    async list(status: Report['status']): Promise<ReportWithNames[]> {
      return withNames()
        .where(eq(reports.status, status))
        .orderBy(status === 'open' ? asc(reports.id) : desc(reports.id))
        .limit(QUEUE_LIMIT);
    },
  };
}

export type ReportsRepo = ReturnType<typeof createReportsRepo>;
