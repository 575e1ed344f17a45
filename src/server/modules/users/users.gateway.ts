import { isStaff } from '../../../shared/roles';
import type { UserRow } from '../../db/schema';
import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import type { PresenceService } from '../presence';
import type { LiveUsers } from './live-users';
import { toPublicUser, toSelfUser } from './users.presenter';

/**
 * Keeps every node's live users equal to the database: a change made here replaces this node's
 * record at once and makes the other nodes read it again; a sanction (given or lifted) makes every
 * node read the user and their sanctions again.
 */
export function keepLiveUsersCoherent(live: Live, liveUsers: LiveUsers): void {
  const tell = live.invalidation('user', (id) => liveUsers.reload(Number(id)));
  live.on('user.changed', ({ user }) => {
    liveUsers.update(user);
    tell(String(user.id));
  });
  // Sanctions live with the user's record: re-read it here and everywhere.
  for (const name of ['user.sanctioned', 'user.sanctionLifted'] as const)
    live.on(name, ({ target }) => {
      liveUsers.reload(target.id).catch(live.onError);
      tell(String(target.id));
    });
}

/**
 * Who hears of a user's change: the user's every tab (their full record), everyone else when it
 * is public (the public profile, and spec §7's envelope per look change); the staff channel
 * follows the role. A deleted account leaves every open screen.
 */
export function announceUsers(live: Live, presence: PresenceService): void {
  const { io } = live;

  /** Spec §7's envelope for each look change, to everyone, on every node. */
  const profileEnvelopes = (user: UserRow, changed: readonly string[]) => {
    const shown = toPublicUser(user, false);
    const userId = user.id;
    for (const field of new Set(changed)) {
      if (field === 'usernameColor')
        io.emit('message', { type: 'usernameColorChanged', userId, usernameColor: shown.usernameColor });
      else if (field === 'usernameGradient')
        io.emit('message', { type: 'usernameGradientChanged', userId, usernameGradient: shown.usernameGradient });
      else if (field === 'usernameEffect')
        io.emit('message', { type: 'usernameEffectChanged', userId, usernameEffect: shown.usernameEffect });
      else if (field === 'profileEffect')
        io.emit('message', { type: 'profileEffectChanged', userId, profileEffect: shown.profileEffect });
      else if (field === 'profileBackgroundColor')
        io.emit('message', {
          type: 'user_background_updated',
          userId,
          profileBackgroundColor: shown.profileBackgroundColor,
        });
    }
  };
  const avatarEnvelopes = (user: UserRow) => {
    const { profileImage, avatarHash, avatarVersion } = user;
    io.emit('message', { type: 'userAvatarUpdated', userId: user.id, profileImage, avatarHash, avatarVersion });
    void presence
      .isOnline(user.id)
      .then((online) =>
        io.to(channel.user(user.id)).emit('message', { type: 'selfAvatarUpdated', user: toSelfUser(user, online) }),
      )
      .catch(live.onError);
  };

  live.on('user.changed', ({ user, visibility, changed, avatarChanged }) => {
    if (changed?.length) profileEnvelopes(user, changed);
    if (avatarChanged) avatarEnvelopes(user);
    void presence
      .isOnline(user.id)
      .then((online) => {
        io.to(channel.user(user.id)).emit('message', { type: 'userUpdated', user: toSelfUser(user, online) });
        if (visibility === 'public')
          io.except(channel.user(user.id)).emit('message', { type: 'userUpdated', user: toPublicUser(user, online) });
      })
      .catch(live.onError);
    // Staff hear staff-only events on every tab, on every node.
    const tabs = io.in(channel.user(user.id));
    if (isStaff(user.role)) tabs.socketsJoin(channel.staff);
    else tabs.socketsLeave(channel.staff);
  });

  live.on('user.deleted', ({ userId }) => io.emit('message', { type: 'userDeleted', userId }));
}
