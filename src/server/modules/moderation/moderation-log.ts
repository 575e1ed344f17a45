import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { LogEntry, LoggedAction } from '../../../shared/entities/moderation';
import type { Db } from '../../db/client';
import { moderationLog, type ModerationLogRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';

export interface LogParty {
  id: number;
  username: string;
}

export interface LogRecord {
  actor: LogParty;
  action: LoggedAction;
  target?: LogParty | null;
  reason?: string | null;
  roomId?: string | null;
  expiresAt?: Date | null;
  details?: Record<string, unknown>;
}

/** The earlier text an edit or a deletion recorded (`previous`, else the deleted `excerpt`). */
function messageTextOf(details: unknown): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const { previous, excerpt } = details as { previous?: unknown; excerpt?: unknown };
  if (typeof previous === 'string') return previous;
  return typeof excerpt === 'string' ? excerpt : null;
}

function toEntry(row: ModerationLogRow): LogEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorName: row.actorName,
    targetId: row.targetId,
    targetName: row.targetName,
    action: row.action,
    reason: row.reason,
    roomId: row.roomId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    messageText: messageTextOf(row.details),
  };
}

/**
 * The append-only record of every moderation action (who, what, to whom, why, until when). Every
 * service that moderates writes here; nothing updates or deletes a row. With a bus, each entry is
 * published (`moderation.logged`) so staff's open lists follow it; the owner script has none.
 */
export function createModerationLog(db: Db, bus?: Pick<DomainEventBus, 'publish'>) {
  return {
    async record(entry: LogRecord): Promise<void> {
      const [row] = await db
        .insert(moderationLog)
        .values({
          actorId: entry.actor.id,
          actorName: entry.actor.username,
          targetId: entry.target?.id ?? null,
          targetName: entry.target?.username ?? null,
          action: entry.action,
          reason: entry.reason ?? null,
          roomId: entry.roomId ?? null,
          expiresAt: entry.expiresAt ?? null,
          details: entry.details ?? {},
        })
        .returning();
      if (row) bus?.publish('moderation.logged', { entry: toEntry(row) });
    },

    /** Newest first, one page at a time (`beforeId`), optionally by action, actor or target. */
    async list(filter: {
      beforeId?: number;
      limit: number;
      action?: string;
      actorId?: number;
      targetId?: number;
    }): Promise<{ entries: LogEntry[]; hasMore: boolean }> {
      const conditions: SQL[] = [];
      if (filter.beforeId !== undefined) conditions.push(lt(moderationLog.id, filter.beforeId));
      if (filter.action) conditions.push(eq(moderationLog.action, filter.action));
      if (filter.actorId !== undefined) conditions.push(eq(moderationLog.actorId, filter.actorId));
      if (filter.targetId !== undefined) conditions.push(eq(moderationLog.targetId, filter.targetId));
      const rows = await db
        .select()
        .from(moderationLog)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(moderationLog.id))
        .limit(filter.limit + 1);
      return { entries: rows.slice(0, filter.limit).map(toEntry), hasMore: rows.length > filter.limit };
    },
  };
}

export type ModerationLog = ReturnType<typeof createModerationLog>;
