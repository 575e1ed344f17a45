/** Users: a record or a look that changed, an account that was deleted. */
import * as z from 'zod/mini';
import { publicUserSchema, selfUserSchema } from '../entities/user';
import { envelope } from './registry';

export const usersEnvelopes = {
  userUpdated: envelope(
    'userUpdated',
    "A user's role or profile changed: to everyone (public profile), and to the user's own tabs (their full record)",
    { user: z.union([selfUserSchema, publicUserSchema]) },
  ),
  // One small envelope per look change (spec §7), to everyone, ahead of the `userUpdated` that follows.
  usernameColorChanged: envelope('usernameColorChanged', "To everyone: a user's name colour changed", {
    userId: z.int(),
    usernameColor: z.nullable(z.string()),
  }),
  usernameGradientChanged: envelope('usernameGradientChanged', "To everyone: a user's name gradient changed (staff)", {
    userId: z.int(),
    usernameGradient: z.nullable(z.string()),
  }),
  usernameEffectChanged: envelope('usernameEffectChanged', "To everyone: a user's name effect changed (staff)", {
    userId: z.int(),
    usernameEffect: z.nullable(z.string()),
  }),
  profileEffectChanged: envelope('profileEffectChanged', "To everyone: a user's profile effect changed", {
    userId: z.int(),
    profileEffect: z.nullable(z.string()),
  }),
  user_background_updated: envelope(
    'user_background_updated',
    "To everyone: a user's profile background changed (staff)",
    { userId: z.int(), profileBackgroundColor: z.nullable(z.string()) },
  ),
  userAvatarUpdated: envelope('userAvatarUpdated', "To everyone: a user's avatar changed", {
    userId: z.int(),
    profileImage: z.nullable(z.string()),
    avatarHash: z.nullable(z.string()),
    avatarVersion: z.int(),
  }),
  selfAvatarUpdated: envelope('selfAvatarUpdated', "To the user's own tabs: their new avatar (their full record)", {
    user: selfUserSchema,
  }),
  userDeleted: envelope(
    'userDeleted',
    'To everyone: an account was deleted with its messages, which leave every open screen (privacy page)',
    { userId: z.int() },
  ),
};
