import * as z from 'zod/mini';
import {
  ageSchema,
  countrySchema,
  genderSchema,
  PRIVATE_MESSAGES_FROM,
  publicUserSchema,
  selfUserSchema,
  usernameSchema,
} from '../entities/user';
import {
  BIO_MAX,
  normalizeFrame,
  normalizeUsernameGradient,
  normalizeHexColor,
  normalizeProfileBackground,
  normalizeTag,
  PROFILE_EFFECTS,
  STATUS_TEXT_MAX,
  USERNAME_EFFECTS,
} from '../entities/profile-style';
import type { ErrorCode } from './errors';
import { userIdParamSchema } from '../entities/ids';
import { ROLES } from '../roles';
import { endpoint } from './endpoint';
import { okReplySchema, userResponseSchema } from './auth';

export const userIdParamsSchema = z.object({ id: userIdParamSchema });

/** At least one field with a value: an empty update is refused rather than silently accepted. */
function notEmpty(value: Record<string, unknown>): boolean {
  return Object.values(value).some((field) => field !== undefined);
}

const nullableText = (max: number, code: ErrorCode) =>
  z.nullable(
    z
      .pipe(
        z.string({ error: code }).check(z.maxLength(max * 4, { error: code })),
        z.transform((value) =>
          value
            .normalize('NFC')
            .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      )
      .check(z.refine((value) => [...value].length <= max, { error: code })),
  );

/** A string normalised by `fn`, refused with `code` when `fn` gives null. */
const normalized = (fn: (value: string) => string | null, code: ErrorCode) =>
  z.pipe(
    z.union([z.string({ error: code }), z.number({ error: code })]),
    z.transform((value, ctx) => {
      const result = fn(String(value));
      if (result === null) ctx.issues.push({ code: 'custom', message: code, input: value });
      return result ?? '';
    }),
  );

/**
 * Every field of one's profile (spec §3) and settings; each optional, at least one given. Colours
 * are stored in one spelling (spec §5): '#rrggbb'; a background is always a linear-gradient (a
 * single colour becomes a 135° one). Null clears a field. Who may set what (staff-only styles,
 * being hidden) is the service's rule, not the schema's.
 */
export const userSettingsBodySchema = z
  .partial(
    z.strictObject({
      displayName: z.nullable(usernameSchema),
      usernameColor: z.nullable(normalized(normalizeHexColor, 'COLOR_INVALID')),
      usernameGradient: z.nullable(normalized(normalizeUsernameGradient, 'GRADIENT_INVALID')),
      usernameEffect: z.nullable(z.enum(USERNAME_EFFECTS, { error: 'EFFECT_INVALID' })),
      profileBackgroundColor: z.nullable(normalized(normalizeProfileBackground, 'BACKGROUND_INVALID')),
      profileEffect: z.nullable(z.enum(PROFILE_EFFECTS, { error: 'EFFECT_INVALID' })),
      profileFrame: z.nullable(normalized(normalizeFrame, 'FRAME_INVALID')),
      profileTag: z.nullable(normalized(normalizeTag, 'TAG_INVALID')),
      gender: z.nullable(genderSchema),
      age: z.nullable(ageSchema),
      country: z.nullable(countrySchema),
      bio: nullableText(BIO_MAX, 'BIO_TOO_LONG'),
      statusText: nullableText(STATUS_TEXT_MAX, 'STATUS_TOO_LONG'),
      isHidden: z.boolean(),
      showSystemMessages: z.boolean(),
      globalSoundEnabled: z.boolean(),
      privateMessagesFrom: z.enum(PRIVATE_MESSAGES_FROM),
    }),
  )
  .check(z.refine(notEmpty, { error: 'NOTHING_TO_UPDATE' }));
export type UserSettingsBody = z.output<typeof userSettingsBodySchema>;
export type UserSettingsInput = z.input<typeof userSettingsBodySchema>;
/** The profile's fields, by name. */
export type ProfileField = keyof UserSettingsBody;

/** The largest avatar accepted, in bytes (413 past it). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** Deleting one's account: the password confirms it (a guest has none). */
export const deleteAccountBodySchema = z.object({
  password: z.optional(z.string().check(z.maxLength(256, { error: 'PASSWORD_WRONG' }))),
});

/**
 * What "download my data" gives (the privacy page's right of access and portability): one JSON
 * document. Each section is a list or a record; sections other modules add (friends…) sit beside
 * these under their own name.
 */
export const accountExportSchema = z.looseObject({
  exportedAt: z.string(),
  profile: selfUserSchema,
  account: z.object({ createdAt: z.string(), userType: z.string() }),
  sessions: z.array(z.unknown()),
  messages: z.array(z.unknown()),
  privateMessages: z.array(z.unknown()),
  conversations: z.array(z.unknown()),
  friends: z.array(z.unknown()),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const setRoleBodySchema = z.object({ role: z.enum(ROLES, { error: 'ROLE_NOT_ALLOWED' }) });

export const usersEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    auth: 'session',
    params: userIdParamsSchema,
    reply: z.object({ user: z.union([selfUserSchema, publicUserSchema]) }),
    summary: 'A user: their full record for themselves, the public profile for others',
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    auth: 'session',
    params: userIdParamsSchema,
    body: userSettingsBodySchema,
    reply: z.object({ user: z.union([selfUserSchema, publicUserSchema]) }),
    summary:
      "Change a profile: one's own (full record back), or as staff above them only the display name and clearing bio and status (logged; public profile back); live to every tab",
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/api/users/:id/avatar',
    auth: 'session',
    params: userIdParamsSchema,
    files: ['avatar'],
    reply: userResponseSchema,
    summary: "Upload one's avatar (multipart `avatar`): checked, cropped square, stored as WebP in three sizes",
  }),
  exportData: endpoint({
    method: 'GET',
    path: '/api/users/:id/export',
    auth: 'session',
    params: userIdParamsSchema,
    reply: accountExportSchema,
    summary: "Download one's own data as JSON (profile, messages, conversations, friends)",
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    auth: 'session',
    params: userIdParamsSchema,
    body: deleteAccountBodySchema,
    reply: okReplySchema,
    summary: "Delete one's own account (password required) with its messages and conversations",
  }),
  setRole: endpoint({
    method: 'PUT',
    path: '/api/users/:id/role',
    auth: 'session',
    params: userIdParamsSchema,
    body: setRoleBodySchema,
    reply: z.object({ user: publicUserSchema }),
    summary: "Set a member's role (owner: member/moderator/admin; admin: member/moderator)",
  }),
};
