import type { FilteredWord, Report } from '../../../shared/entities/moderation';
import type { Actor } from '../../../shared/policy';
import { authorize, type NamedActor } from '../../authorize';
import type { Clock } from '../../clock';
import type { MessageRow, ReportRow, UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { MessagesRepo } from '../messages';
import type { ModerationLog } from './moderation-log';
import { secondsUntil } from './restrictions';
import type { RoomsService } from '../rooms';
import type { UsersRepo } from '../users';
import type { ReportsRepo, ReportWithNames } from './reports.repo';
import { REPORT_TEXTS } from './texts';

export interface ReportInput {
  messageId?: number;
  userId?: number;
  reason: string;
}

/** How many reports one person may make in a window (a flood of reports buries the real ones). */
export interface ReportLimit {
  count: number;
  windowMs: number;
}

function present(row: ReportWithNames): Report {
  const { report } = row;
  return {
    id: report.id,
    reporterId: report.reporterId,
    reporterName: row.reporterName ?? REPORT_TEXTS.siteReporter,
    messageId: report.messageId,
    userId: report.userId,
    username: row.username,
    reason: report.reason,
    excerpt: report.excerpt,
    roomId: row.roomId,
    status: report.status,
    handledByName: row.handledByName,
    outcome: report.outcome,
    createdAt: report.createdAt.toISOString(),
  };
}

/**
 * Reports: anyone signed in (visitors too) reports a message or a person; the site reports a
 * message holding a flagged word itself. Staff hear of each at once, work through the queue and
 * close each report once; the reporter is told the outcome.
 */
export function createReportsService(deps: {
  repo: ReportsRepo;
  messages: Pick<MessagesRepo, 'findShown'>;
  users: Pick<UsersRepo, 'findById'>;
  rooms: Pick<RoomsService, 'requireEnterable'>;
  log: ModerationLog;
  bus: DomainEventBus;
  clock: Clock;
  limit: ReportLimit;
}) {
  const { repo, messages, users, rooms, log, bus, clock, limit } = deps;

  async function load(row: ReportRow): Promise<Report> {
    const found = await repo.withNames(row.id);
    if (!found) throw new AppError('REPORT_NOT_FOUND', 404);
    return present(found);
  }

  /** The reported message, if the reporter could have seen it (a room they may enter). */
  async function visibleMessage(actor: Actor, id: number): Promise<{ message: MessageRow; sender: UserRow }> {
    const found = await messages.findShown(id);
    const roomId = found?.message.roomId;
    // Nothing tells an id guesser whether a message they could not see exists.
    if (!found || !roomId) throw new AppError('MESSAGE_NOT_FOUND', 404);
    await rooms.requireEnterable(actor, roomId).catch(() => {
      throw new AppError('MESSAGE_NOT_FOUND', 404);
    });
    return found;
  }

  /** Refuses a reporter past the limit, saying when they may report again. */
  async function assertWithinLimit(reporterId: number, now: number): Promise<void> {
    const { count, oldest } = await repo.countSince(reporterId, new Date(now - limit.windowMs));
    if (count < limit.count || !oldest) return;
    throw new AppError('REPORT_RATE_LIMITED', 429, undefined, secondsUntil(oldest.getTime() + limit.windowMs, now));
  }

  return {
    /**
     * Reports a message (its sender is the reported person, its text is kept) or a person. A
     * second report on the same target while the first is open returns the first (`created`
     * false) and does not count against the limit.
     */
    async create(actor: NamedActor, input: ReportInput): Promise<{ report: Report; created: boolean }> {
      let target: UserRow;
      let message: MessageRow | null = null;
      if (input.messageId !== undefined) {
        ({ message, sender: target } = await visibleMessage(actor, input.messageId));
      } else {
        const user = input.userId === undefined ? undefined : await users.findById(input.userId);
        if (!user) throw new AppError('USER_NOT_FOUND', 404);
        target = user;
      }
      authorize(actor, 'report', target);
      const messageId = message?.id ?? null;
      const existing = await repo.findOpen(actor.id, messageId, target.id);
      if (existing) return { report: await load(existing), created: false };
      const now = clock.now();
      await assertWithinLimit(actor.id, now);
      const row = await repo.insert({
        reporterId: actor.id,
        messageId,
        userId: target.id,
        reason: input.reason,
        excerpt: message?.content ?? null,
        createdAt: new Date(now),
      });
      // Two reports sent at once: the unique index kept one, which is the answer to both.
      const stored = row ?? (await repo.findOpen(actor.id, messageId, target.id));
      if (!stored) throw new AppError('REPORT_NOT_FOUND', 404);
      const report = await load(stored);
      if (row) bus.publish('report.created', { report });
      return { report, created: row !== null };
    },

    /**
     * Reports something a person posted that is not a message (a wall post or comment: the
     * caller checked the reporter may see it). The person is the reported one, `excerpt` is kept;
     * `reporter` null is the site itself (a flagged word). Otherwise as `create`: one open report
     * per reporter and person, within the reporter's limit.
     */
    async reportContent(
      reporter: NamedActor | null,
      input: { target: UserRow; excerpt: string; reason: string },
    ): Promise<{ report: Report; created: boolean }> {
      const { target } = input;
      const now = clock.now();
      if (reporter) {
        authorize(reporter, 'report', target);
        const existing = await repo.findOpen(reporter.id, null, target.id);
        if (existing) return { report: await load(existing), created: false };
        await assertWithinLimit(reporter.id, now);
      }
      const row = await repo.insert({
        reporterId: reporter?.id ?? null,
        messageId: null,
        userId: target.id,
        reason: input.reason,
        excerpt: input.excerpt,
        createdAt: new Date(now),
      });
      const stored = row ?? (reporter ? await repo.findOpen(reporter.id, null, target.id) : undefined);
      if (!stored) throw new AppError('REPORT_NOT_FOUND', 404);
      const report = await load(stored);
      if (row) bus.publish('report.created', { report });
      return { report, created: row !== null };
    },

    /** A stored message holds words staff flag: the site reports it, and staff hear of it at once. */
    async reportFlaggedWords(message: MessageRow, words: readonly FilteredWord[]): Promise<void> {
      const row = await repo.insert({
        reporterId: null,
        messageId: message.id,
        userId: message.senderId,
        reason: REPORT_TEXTS.flaggedReason(words.map((w) => w.word)),
        excerpt: message.content,
        createdAt: new Date(clock.now()),
      });
      if (row) bus.publish('report.created', { report: await load(row) });
    },

    /** One status of the queue (staff). */
    async queue(actor: Actor, status: Report['status']): Promise<Report[]> {
      authorize(actor, 'handleReports');
      return (await repo.list(status)).map(present);
    },

    /**
     * Closes an open report as actioned or dismissed (staff, not on a report about themselves),
     * once. Recorded in the moderation log; the reporter is told the outcome in Arabic.
     */
    async handle(
      actor: NamedActor,
      id: number,
      input: { status: 'actioned' | 'dismissed'; outcome?: string },
    ): Promise<Report> {
      authorize(actor, 'handleReports');
      const current = await repo.withNames(id);
      if (!current) throw new AppError('REPORT_NOT_FOUND', 404);
      if (current.report.userId === actor.id) throw new AppError('CANNOT_TARGET_SELF', 403);
      const outcome = input.outcome?.trim() || REPORT_TEXTS.outcome[input.status];
      const row = await repo.close(id, {
        status: input.status,
        outcome,
        handledBy: actor.id,
        handledAt: new Date(clock.now()),
      });
      if (!row) throw new AppError('REPORT_ALREADY_HANDLED', 409);
      const report = await load(row);
      await log.record({
        actor,
        action: 'report',
        target: report.userId !== null && report.username ? { id: report.userId, username: report.username } : null,
        reason: outcome,
        roomId: report.roomId,
        details: { reportId: report.id, status: report.status, messageId: report.messageId },
      });
      bus.publish('report.handled', {
        report,
        reporterId: row.reporterId,
        text: REPORT_TEXTS.notification(report, outcome),
      });
      return report;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
