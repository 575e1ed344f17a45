import * as z from 'zod/mini';
import { ROLES, type Role } from '../roles';
import { MAXIMUM_AGE, MINIMUM_AGE } from '../constants';
import { COUNTRY_PATHS } from '../catalogue/countries';
import type { ErrorCode } from '../api/errors';
import { isReservedUsername } from './reserved-names';
import { normalizeUsername } from './username-key';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 24;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/**
 * ASCII letters and digits, space, `_` and `-`, or an Arabic-script letter, mark (tashkeel) or digit.
 * Arabic symbols and punctuation ('۞', '؟') are not letters.
 */
const USERNAME_CHARS = /^(?:[A-Za-z0-9 _-]|(?=[\p{L}\p{M}\p{Nd}])\p{Script_Extensions=Arabic})+$/u;
/**
 * A mark must sit on an Arabic letter (or follow another mark), and at most three may pile up.
 * No lookbehind: older Safari cannot parse it, and this runs in the browser too.
 */
const STRAY_MARK = /(?:^|[^\p{Script_Extensions=Arabic}\p{M}])\p{M}|\p{M}{4}/u;
/** What does not show as a character of its own: tashkeel, tatweel and separators. */
const NOT_VISIBLE = /[\p{M}\u0640 _-]/gu;

export { normalizeUsername, usernameKey } from './username-key';
export { isReservedUsername } from './reserved-names';

/** Normalized first (NFKC, invisible characters dropped), so every check sees what others will see. */
export const usernameSchema = z.pipe(z.string({ error: 'USERNAME_REQUIRED' }), z.transform(normalizeUsername)).check(
  z.superRefine((name, ctx) => {
    const length = [...name].length;
    const visible = [...name.replace(NOT_VISIBLE, '')].length;
    const fail = (message: ErrorCode) => ctx.addIssue({ code: 'custom', message });
    if (length === 0) fail('USERNAME_REQUIRED');
    else if (length > USERNAME_MAX) fail('USERNAME_TOO_LONG');
    // Only tashkeel, tatweel or separators: it would show as an empty name.
    else if (visible === 0) fail('USERNAME_REQUIRED');
    else if (!USERNAME_CHARS.test(name) || STRAY_MARK.test(name)) fail('USERNAME_INVALID_CHARS');
    else if (visible < USERNAME_MIN) fail('USERNAME_TOO_SHORT');
    else if (isReservedUsername(name)) fail('USERNAME_RESERVED');
  }),
);

export const passwordSchema = z
  .string({ error: 'PASSWORD_TOO_SHORT' })
  .check(
    z.minLength(PASSWORD_MIN, { error: 'PASSWORD_TOO_SHORT' }),
    z.maxLength(PASSWORD_MAX, { error: 'PASSWORD_TOO_LONG' }),
  );

/** The Arabic word for female gives a pink ring (spec §3); male gives blue. */
export const GENDERS = ['ذكر', 'أنثى'] as const;
export type Gender = (typeof GENDERS)[number];
export const FEMALE: Gender = 'أنثى';

export const genderSchema = z.enum(GENDERS, { error: 'GENDER_INVALID' });
export const ageSchema = z.coerce
  .number({ error: 'AGE_INVALID' })
  .check(
    z.int({ error: 'AGE_INVALID' }),
    z.gte(MINIMUM_AGE, { error: 'AGE_INVALID' }),
    z.lte(MAXIMUM_AGE, { error: 'AGE_INVALID' }),
  );
export const countrySchema = z.enum(COUNTRY_PATHS, { error: 'COUNTRY_INVALID' });

export const USER_TYPES = ['guest', 'member', 'vip'] as const;
export type UserType = (typeof USER_TYPES)[number];

const id = z.int().check(z.positive());
const text = z.nullable(z.string());

/** The profile everyone may see, sent with messages and in the online list. */
export const publicUserSchema = z.object({
  id,
  username: z.string(),
  displayName: text,
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  profileImage: text,
  avatarHash: text,
  avatarVersion: z.int(),
  usernameColor: text,
  usernameGradient: text,
  usernameEffect: text,
  profileBackgroundColor: text,
  profileEffect: text,
  profileTag: text,
  profileFrame: text,
  gender: z.nullable(genderSchema),
  country: z.nullable(countrySchema),
  isOnline: z.boolean(),
  lastSeen: text,
  currentRoom: text,
  /** A short bio and status line (optional: older records and fixtures carry neither). */
  bio: z.optional(text),
  statusText: z.optional(text),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Who may send a user private messages (staff always may). */
export const PRIVATE_MESSAGES_FROM = ['everyone', 'friends', 'nobody'] as const;
export type PrivateMessagesFrom = (typeof PRIVATE_MESSAGES_FROM)[number];

/** The signed-in user's own record: the public profile plus private settings. */
export const selfUserSchema = z.extend(publicUserSchema, {
  age: z.nullable(z.int()),
  isHidden: z.boolean(),
  globalSoundEnabled: z.boolean(),
  showSystemMessages: z.boolean(),
  privateMessagesFrom: z.enum(PRIVATE_MESSAGES_FROM),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

/** One's own full record, not someone's public profile (a profile edit answers with either). */
export function isSelfUser(user: PublicUser | SelfUser): user is SelfUser {
  return 'isHidden' in user;
}

/** An entry of the online list (spec §3/§5: entries without id, username or userType are discarded). */
export const onlineUserSchema = z.object({
  id,
  username: z.string().check(z.minLength(1)),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  gender: z.nullable(genderSchema),
  profileImage: text,
  profileFrame: text,
  usernameColor: text,
  /** The rest of the look (optional: entries stored by older nodes lack them). */
  profileTag: z.optional(text),
  profileEffect: z.optional(text),
  usernameGradient: z.optional(text),
  usernameEffect: z.optional(text),
  avatarVersion: z.optional(z.int()),
  /** A hidden staff member (server-side only: such entries are left out of every list sent). */
  isHidden: z.optional(z.boolean()),
});
export type OnlineUser = z.infer<typeof onlineUserSchema>;

export function toOnlineUser(user: PublicUser): OnlineUser {
  return {
    id: user.id,
    username: user.username,
    userType: user.userType,
    role: user.role,
    gender: user.gender,
    profileImage: user.profileImage,
    profileFrame: user.profileFrame,
    usernameColor: user.usernameColor,
    profileTag: user.profileTag,
    profileEffect: user.profileEffect,
    usernameGradient: user.usernameGradient,
    usernameEffect: user.usernameEffect,
    avatarVersion: user.avatarVersion,
  };
}

export type RingColor = 'pink' | 'blue';
export function ringColor(gender: string | null | undefined): RingColor {
  return gender === FEMALE ? 'pink' : 'blue';
}

export type { Role };
