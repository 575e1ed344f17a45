import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { UsersRepo } from '../users';
import type { IgnoreRepo } from './ignore.repo';

/** Spec §9: a guest's ignore list lasts 7 days. */
export const GUEST_IGNORE_MS = 7 * 24 * 60 * 60_000;

export function createIgnoreService(deps: {
  repo: IgnoreRepo;
  users: Pick<UsersRepo, 'findById'>;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, users, bus, clock } = deps;
  const now = () => new Date(clock.now());

  /** Only one's own list, whatever the URL says. */
  function requireSelf(actor: Actor, userId: number): void {
    if (actor.id !== userId) throw new AppError('IGNORE_NOT_YOURS', 403);
  }

  async function target(actor: Actor, targetId: number): Promise<UserRow> {
    const row = await users.findById(targetId);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    authorize(actor, 'ignoreUser', row);
    return row;
  }

  return {
    async list(actor: Actor, userId: number): Promise<UserRow[]> {
      requireSelf(actor, userId);
      return repo.list(actor.id, now());
    },

    async ignore(actor: Actor, userId: number, targetId: number): Promise<void> {
      requireSelf(actor, userId);
      await target(actor, targetId);
      const at = now();
      const expiresAt = actor.role === 'guest' ? new Date(at.getTime() + GUEST_IGNORE_MS) : null;
      await repo.add(actor.id, targetId, expiresAt, at);
      bus.publish('ignore.changed', { userId: actor.id, targetId, ignoring: true });
    },

    async unignore(actor: Actor, userId: number, targetId: number): Promise<void> {
      requireSelf(actor, userId);
      await target(actor, targetId);
      if (await repo.remove(actor.id, targetId))
        bus.publish('ignore.changed', { userId: actor.id, targetId, ignoring: false });
    },

    /** The ids a user ignores now (a socket's filter, a page of history). */
    ignoredBy: (userId: number) => repo.targetIds(userId, now()),

    /** Whether `userId` ignores `targetId` now: what they would receive from them is refused quietly. */
    async ignores(userId: number, targetId: number): Promise<boolean> {
      return (await repo.whoIgnore([userId], targetId, now())).has(userId);
    },

    /** Of `userIds`, those who ignore `targetId`. */
    whoIgnore: (userIds: number[], targetId: number) => repo.whoIgnore(userIds, targetId, now()),
  };
}

export type IgnoreService = ReturnType<typeof createIgnoreService>;
