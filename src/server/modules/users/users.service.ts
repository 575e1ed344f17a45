import type { UserSettingsBody } from '../../../shared/api/users';
import type { PublicUser, SelfUser } from '../../../shared/entities/user';
import type { Actor } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import { authorize, type NamedActor } from '../../authorize';
import type { UserRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import type { ModerationLog } from '../moderation/moderation-log';
import type { PresenceService } from '../presence/presence.service';
import { toPublicUser, toSelfUser } from './users.presenter';
import type { UsersRepo } from './users.repo';

export function createUsersService(deps: {
  repo: UsersRepo;
  presence: PresenceService;
  bus: DomainEventBus;
  log: ModerationLog;
}) {
  const { repo, presence, bus, log } = deps;

  async function find(id: number): Promise<UserRow> {
    const row = await repo.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return row;
  }

  return {
    /** A user as `viewer` may see them: their own full record, or the public profile. */
    async get(viewer: Actor, id: number): Promise<PublicUser | SelfUser> {
      const row = await find(id);
      const online = await presence.isOnline(row.id);
      return row.id === viewer.id ? toSelfUser(row, online) : toPublicUser(row, online);
    },

    /** Settings of a user's own record (or, for staff, of someone below them). */
    async updateSettings(actor: Actor, id: number, settings: UserSettingsBody): Promise<SelfUser> {
      const target = await find(id);
      authorize(actor, 'editProfile', target);
      const row = (await repo.update(id, settings)) ?? target;
      bus.publish('user.changed', { user: row, visibility: 'private' });
      return toSelfUser(row, await presence.isOnline(id));
    },

    /**
     * Promotes or demotes a member; every open tab of theirs, on every node, follows at once. The
     * moderation log records it.
     */
    async setRole(actor: NamedActor, id: number, role: Role): Promise<PublicUser> {
      const target = await find(id);
      authorize(actor, 'setRole', { ...target, isMember: target.userType !== 'guest' }, role);
      const row = (await repo.update(id, { role })) ?? target;
      bus.publish('user.changed', { user: row, visibility: 'public' });
      await log.record({
        actor: { id: actor.id, username: actor.username },
        action: 'setRole',
        target: { id: row.id, username: row.username },
        // The log shows the new role as the entry's reason (the panel translates it).
        reason: role,
        details: { role, previousRole: target.role },
      });
      return toPublicUser(row, await presence.isOnline(id));
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
