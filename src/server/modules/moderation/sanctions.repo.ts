import { and, arrayContains, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SanctionKind } from '../../../shared/policy';
import type { Db } from '../../db/client';
import { sanctions, sessions, users, type NewSanctionRow, type SanctionRow } from '../../db/schema';

/** Who a check is about: an account, a device, an address (any may be unknown). */
export interface Subject {
  userId?: number | null;
  deviceId?: string | null;
  address?: string | null;
}

export function createSanctionsRepo(db: Db) {
  /** In force at `now`: not lifted, and permanent or not yet over. */
  const inForce = (now: Date) =>
    and(isNull(sanctions.liftedAt), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)))!;

  return {
    async insert(values: NewSanctionRow): Promise<SanctionRow> {
      const [row] = await db.insert(sanctions).values(values).returning();
      return row!;
    },

    /** Sanctions in force that bind the account, the device or the address. */
    async inForceFor(subject: Subject, now: Date): Promise<SanctionRow[]> {
      const who: SQL[] = [];
      if (subject.userId) who.push(eq(sanctions.userId, subject.userId));
      if (subject.deviceId) who.push(arrayContains(sanctions.deviceIds, [subject.deviceId]));
      if (subject.address) who.push(and(isNotNull(sanctions.address), eq(sanctions.address, subject.address))!);
      if (who.length === 0) return [];
      return db
        .select()
        .from(sanctions)
        .where(and(inForce(now), or(...who)));
    },

    /** Sanctions in force on these accounts (not their devices): what live identities carry. */
    async inForceOnUsers(userIds: number[], now: Date): Promise<SanctionRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(sanctions)
        .where(and(inForce(now), inArray(sanctions.userId, userIds)));
    },

    /** Ends what is in force of one kind on one account; returns what was lifted. */
    async lift(kind: SanctionKind, userId: number, liftedBy: number, now: Date): Promise<SanctionRow[]> {
      return db
        .update(sanctions)
        .set({ liftedAt: now, liftedBy })
        .where(and(inForce(now), eq(sanctions.kind, kind), eq(sanctions.userId, userId)))
        .returning();
    },

    /** Everything in force, newest first, with the names staff read. */
    async listInForce(now: Date): Promise<{ sanction: SanctionRow; username: string; actorName: string | null }[]> {
      const actor = sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${sanctions.actorId})`;
      return db
        .select({ sanction: sanctions, username: users.username, actorName: actor })
        .from(sanctions)
        .innerJoin(users, eq(users.id, sanctions.userId))
        .where(inForce(now))
        .orderBy(desc(sanctions.id))
        .limit(500);
    },

    /**
     * The devices an account was seen on: its sessions still on record, and the devices its earlier
     * sanctions bound (a kick or ban ends every session, so a ban that follows a kick would
     * otherwise bind no device at all). Only the account's own: never anyone else's.
     */
    async deviceIdsOf(userId: number): Promise<string[]> {
      const [fromSessions, fromSanctions] = await Promise.all([
        db
          .selectDistinct({ deviceId: sessions.deviceId })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), isNotNull(sessions.deviceId))),
        db.select({ deviceIds: sanctions.deviceIds }).from(sanctions).where(eq(sanctions.userId, userId)),
      ]);
      const found = new Set<string>();
      for (const row of fromSessions) if (row.deviceId) found.add(row.deviceId);
      for (const row of fromSanctions) for (const deviceId of row.deviceIds) found.add(deviceId);
      return [...found];
    },
  };
}

export type SanctionsRepo = ReturnType<typeof createSanctionsRepo>;
