import * as z from 'zod/mini';
import { ROLES, type Role } from '../roles';
import { MAXIMUM_AGE, MINIMUM_AGE } from '../constants';
import { COUNTRY_PATHS } from '../catalogue/countries';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 24;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** Arabic or Latin letters, digits (Western or Arabic-Indic), spaces, `_` and `-`. */
const USERNAME_CHARS = /^[\p{Script=Arabic}A-Za-z0-9 _-]+$/u;

/** Names nobody may take: they would impersonate the staff or the site. */
const RESERVED_USERNAMES = new Set(
  [
    'admin',
    'administrator',
    'owner',
    'moderator',
    'system',
    'majlis',
    'مجلس',
    'الإدارة',
    'الادارة',
    'مدير',
    'المدير',
    'مشرف',
    'المشرف',
    'النظام',
  ].map((name) => name.toLowerCase()),
);

/** Trims and folds runs of whitespace into one space, so 'سارة  ' and 'سارة' are one name. */
export function normalizeUsername(raw: string): string {
  return raw.trim().replace(/\s+/gu, ' ');
}

/** The key two names are compared by: case-insensitive for Latin letters. */
export function usernameKey(username: string): string {
  return normalizeUsername(username).toLowerCase();
}

export const usernameSchema = z.pipe(z.string({ error: 'USERNAME_REQUIRED' }), z.transform(normalizeUsername)).check(
  z.superRefine((name, ctx) => {
    const length = [...name].length;
    if (length === 0) ctx.addIssue({ code: 'custom', message: 'USERNAME_REQUIRED' });
    else if (length < USERNAME_MIN) ctx.addIssue({ code: 'custom', message: 'USERNAME_TOO_SHORT' });
    else if (length > USERNAME_MAX) ctx.addIssue({ code: 'custom', message: 'USERNAME_TOO_LONG' });
    else if (!USERNAME_CHARS.test(name)) ctx.addIssue({ code: 'custom', message: 'USERNAME_INVALID_CHARS' });
    else if (RESERVED_USERNAMES.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', message: 'USERNAME_RESERVED' });
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
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** The signed-in user's own record: the public profile plus private settings. */
export const selfUserSchema = z.extend(publicUserSchema, {
  age: z.nullable(z.int()),
  isHidden: z.boolean(),
  globalSoundEnabled: z.boolean(),
  showSystemMessages: z.boolean(),
});
export type SelfUser = z.infer<typeof selfUserSchema>;

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
  };
}

export type RingColor = 'pink' | 'blue';
export function ringColor(gender: string | null | undefined): RingColor {
  return gender === FEMALE ? 'pink' : 'blue';
}

export type { Role };
