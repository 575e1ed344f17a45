import { MODERATION, type Sanction } from '../../../shared/entities/moderation';
import type { Actor, SanctionKind } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { SanctionRow, UserRow } from '../../db/schema';
import type { DomainEventBus, SanctionParty } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { SessionsRepo } from '../auth';
import type { PresenceService } from '../presence';
import type { UsersRepo } from '../users';
import type { ModerationLog } from './moderation-log';
import { barredError, restrictionsOf, type Restrictions } from './restrictions';
import type { SanctionsRepo, Subject } from './sanctions.repo';

const MINUTE = 60_000;

export interface SanctionInput {
  targetId: number;
  durationMinutes?: number;
  reason?: string;
  includeAddress?: boolean;
}

function party(row: UserRow): SanctionParty {
  return { id: row.id, username: row.username, gender: row.gender };
}

function present(row: SanctionRow, username: string, actorName: string | null): Sanction {
  return {
    id: row.id,
    kind: row.kind,
    userId: row.userId,
    username,
    actorId: row.actorId,
    actorName: actorName ?? MODERATION.defaultModerator,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    byAddress: row.address !== null,
  };
}

/**
 * Kicks, mutes, bans and blocks: who may give them (the policy), what they bind (the account, its
 * devices, and for bans by choice its address), that they last (the database, so a restart forgives
 * nobody), and that everyone concerned hears of them at once (domain events).
 */
export function createSanctionsService(deps: {
  repo: SanctionsRepo;
  users: Pick<UsersRepo, 'findById'>;
  sessions: Pick<SessionsRepo, 'lastAddressOf' | 'deleteAllOf'>;
  presence: PresenceService;
  log: ModerationLog;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, users, sessions, presence, log, bus, clock } = deps;

  async function find(id: number): Promise<UserRow> {
    const row = await users.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  async function restrictionsFor(subject: Subject): Promise<Restrictions> {
    const rows = await repo.inForceFor(subject, new Date(clock.now()));
    return restrictionsOf(rows, subject.userId ?? null);
  }

  return {
    async impose(actor: Actor, kind: SanctionKind, input: SanctionInput): Promise<Sanction> {
      const [actorRow, target] = await Promise.all([find(actor.id), find(input.targetId)]);
      authorize(actor, kind, target);
      const now = clock.now();
      const minutes = kind === 'block' ? null : (input.durationMinutes ?? MODERATION.defaultMinutes[kind]);
      const reason = input.reason?.trim() || MODERATION.defaultReason;
      // A mute leaves the person in; anything else also binds the devices they signed in from.
      const [deviceIds, address, roomIds] = await Promise.all([
        kind === 'mute' ? Promise.resolve([]) : repo.deviceIdsOf(target.id),
        kind === 'ban' && input.includeAddress ? sessions.lastAddressOf(target.id) : Promise.resolve(null),
        presence.roomsOfUser(target.id),
      ]);
      const row = await repo.insert({
        kind,
        userId: target.id,
        deviceIds,
        address,
        actorId: actor.id,
        reason,
        createdAt: new Date(now),
        expiresAt: minutes === null ? null : new Date(now + minutes * MINUTE),
      });
      // Out of the chat means signed out everywhere: the cookie no longer opens anything.
      if (kind !== 'mute') await sessions.deleteAllOf(target.id);
      await log.record({
        actor: actorRow,
        action: kind,
        target,
        reason,
        expiresAt: row.expiresAt,
        details: { sanctionId: row.id, byAddress: address !== null, devices: deviceIds.length },
      });
      bus.publish('user.sanctioned', { sanction: row, actor: party(actorRow), target: party(target), roomIds });
      return present(row, target.username, actorRow.username);
    },

    /** Ends, early, what is in force of one kind on one person. */
    async lift(actor: Actor, kind: SanctionKind, targetId: number): Promise<void> {
      const [actorRow, target] = await Promise.all([find(actor.id), find(targetId)]);
      authorize(actor, 'liftSanction', kind, target);
      const lifted = await repo.lift(kind, target.id, actor.id, new Date(clock.now()));
      if (lifted.length === 0) throw new AppError('SANCTION_NOT_FOUND', 404);
      await log.record({ actor: actorRow, action: `un${kind}`, target });
      const roomIds = kind === 'mute' ? await presence.roomsOfUser(target.id) : [];
      bus.publish('user.sanctionLifted', { kind, actor: party(actorRow), target: party(target), roomIds });
    },

    async listInForce(actor: Actor): Promise<Sanction[]> {
      authorize(actor, 'viewModeration');
      const rows = await repo.listInForce(new Date(clock.now()));
      return rows.map(({ sanction, username, actorName }) => present(sanction, username, actorName));
    },

    /** What binds this account, device or address now (sign-in and the socket handshake ask). */
    restrictionsFor,

    /** Refuses whoever is barred (kicked, banned, blocked: the account, its device or its address). */
    async assertMayEnter(subject: Subject): Promise<Restrictions> {
      const restrictions = await restrictionsFor(subject);
      const refusal = barredError(restrictions, clock.now());
      if (refusal) throw refusal;
      return restrictions;
    },
  };
}

export type SanctionsService = ReturnType<typeof createSanctionsService>;
