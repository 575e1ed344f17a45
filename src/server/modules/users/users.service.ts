import type { ProfileField, UserSettingsBody } from '../../../shared/api/users';

/** What only the user themself sees: a change of these is not announced to others. */
const PRIVATE_FIELDS = new Set<ProfileField>([
  'age',
  'showSystemMessages',
  'globalSoundEnabled',
  'privateMessagesFrom',
]);
import type { PublicUser, SelfUser } from '../../../shared/entities/user';
import { can, type Actor } from '../../../shared/policy';
import { mayUseStaffStyles, STAFF_STYLE_FIELDS } from '../../../shared/entities/profile-style';
import { toOnlineUser } from '../../../shared/entities/user';
import type { Role } from '../../../shared/roles';
import { authorize, type NamedActor } from '../../authorize';
import type { UserRow } from '../../db/schema';
import type { Clock } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import { postingError, type ModerationLog } from '../moderation';
import type { PresenceService } from '../presence';
import { toPublicUser, toSelfUser } from './users.presenter';
import type { UsersRepo } from './users.repo';
import type { LiveUsers } from './live-users';

/** What others read of a user in words: a muted user may not change these (spec: a mute silences). */
const SPOKEN_FIELDS: readonly ProfileField[] = ['statusText', 'bio'];

/**
 * What staff may do to someone else's profile. The spec (§5 legal rules: impersonating or offensive
 * names are banned; §6: the administration may delete violating content) gives staff names and
 * public text to police, nothing else: the display name may be changed or cleared, the bio and
 * status line only cleared. Looks, age, gender, country, being hidden and settings stay the
 * user's own.
 */
const STAFF_EDITS: Partial<Record<ProfileField, 'change' | 'clear'>> = {
  displayName: 'change',
  bio: 'clear',
  statusText: 'clear',
};

/** The fields of `changes` staff may not make to another user (a text set to '' is a clearing). */
function refusedStaffEdits(changes: UserSettingsBody): ProfileField[] {
  return (Object.keys(changes) as ProfileField[]).filter((field) => {
    if (changes[field] === undefined) return false;
    const allowed = STAFF_EDITS[field];
    return !allowed || (allowed === 'clear' && changes[field] !== null && changes[field] !== '');
  });
}

export function createUsersService(deps: {
  repo: UsersRepo;
  presence: PresenceService;
  bus: DomainEventBus;
  log: ModerationLog;
  /** The sanctions in force on a user now (a mute refuses a new status line or bio). */
  liveUsers: Pick<LiveUsers, 'lookup'>;
  clock: Clock;
  /** Refuses a display name holding a word of the word filter. */
  screenName?: (name: string) => Promise<void>;
}) {
  const { repo, presence, bus, log } = deps;

  /**
   * A staff member who hides leaves the online lists of the rooms they are in (seen as a
   * departure), and one who shows again arrives in them; they stay in the rooms all along.
   */
  async function announceVisibility(row: UserRow): Promise<void> {
    const entry = toOnlineUser(toPublicUser(row, true));
    for (const roomId of await presence.roomsOfUser(row.id))
      bus.publish(row.isHidden ? 'presence.left' : 'presence.entered', { roomId, user: entry });
  }

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

    /**
     * A user's profile and settings: their own, or (staff) those of someone below them. Staff-only
     * styles (gradients, name effects, backgrounds) and being hidden are refused unless the
     * profile's owner is staff; clearing them is always allowed. Every open tab, on every node,
     * hears each look change live. Staff editing someone else may touch only what STAFF_EDITS
     * allows (STAFF_EDIT_FIELD otherwise, nothing stored), each change goes to the moderation log
     * with its before and after, and they get the public profile back, never the private fields.
     */
    async updateSettings(actor: NamedActor, id: number, changes: UserSettingsBody): Promise<SelfUser | PublicUser> {
      const target = await find(id);
      authorize(actor, 'editProfile', target);
      const byStaff = actor.id !== id;
      if (byStaff) {
        const refused = refusedStaffEdits(changes);
        if (refused.length > 0) throw new AppError('STAFF_EDIT_FIELD', 403, { fields: refused });
      }
      if (!mayUseStaffStyles(target.role) && STAFF_STYLE_FIELDS.some((field) => changes[field] != null))
        throw new AppError('STAFF_STYLE_ONLY', 403);
      if (changes.isHidden === true && !can(target, 'beHidden')) throw new AppError('HIDDEN_STAFF_ONLY', 403);
      if (changes.displayName) await deps.screenName?.(changes.displayName);
      // A muted (or barred) editor says nothing new: a new status line or bio is refused with the
      // time left, as a room message is. Clearing one is not speaking, and staff clearing a muted
      // user's text are not muted themselves.
      const speaks = SPOKEN_FIELDS.some((field) => !!changes[field] && changes[field] !== target[field]);
      if (speaks) {
        const refused = postingError((await deps.liveUsers.lookup(actor.id)).restrictions, deps.clock.now());
        if (refused) throw refused;
      }
      const row = (await repo.update(id, changes)) ?? target;
      const changed = (Object.keys(changes) as ProfileField[]).filter((field) => row[field] !== target[field]);
      const reply = async () => (byStaff ? toPublicUser : toSelfUser)(row, await presence.isOnline(id));
      if (changed.length === 0) return reply();
      const visibility = changed.some((field) => !PRIVATE_FIELDS.has(field)) ? 'public' : 'private';
      bus.publish('user.changed', { user: row, visibility, changed });
      if (row.isHidden !== target.isHidden) await announceVisibility(row);
      if (byStaff)
        for (const field of changed)
          await log.record({
            actor: { id: actor.id, username: actor.username },
            action: 'editProfile',
            target: { id: row.id, username: row.username },
            // The log shows the field as the entry's reason; before and after are in the details.
            reason: field,
            details: { field, before: target[field], after: row[field] },
          });
      return reply();
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
