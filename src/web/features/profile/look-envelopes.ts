import type { PublicUser } from '../../../shared/entities/user';
import type { MessageEnvelope } from '../../../shared/realtime/protocol';

/** The envelopes that each carry one change of how a user looks (spec §7). */
export type LookEnvelope = Extract<
  MessageEnvelope,
  {
    type:
      | 'usernameColorChanged'
      | 'usernameGradientChanged'
      | 'usernameEffectChanged'
      | 'profileEffectChanged'
      | 'user_background_updated'
      | 'userAvatarUpdated';
  }
>;

/** The fields of the user's public profile that one look envelope changes. */
export function lookPatch(envelope: LookEnvelope): Partial<PublicUser> {
  switch (envelope.type) {
    case 'usernameColorChanged':
      return { usernameColor: envelope.usernameColor };
    case 'usernameGradientChanged':
      return { usernameGradient: envelope.usernameGradient };
    case 'usernameEffectChanged':
      return { usernameEffect: envelope.usernameEffect };
    case 'profileEffectChanged':
      return { profileEffect: envelope.profileEffect };
    case 'user_background_updated':
      return { profileBackgroundColor: envelope.profileBackgroundColor };
    case 'userAvatarUpdated':
      return {
        profileImage: envelope.profileImage,
        avatarHash: envelope.avatarHash,
        avatarVersion: envelope.avatarVersion,
      };
  }
}
