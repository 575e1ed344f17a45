import * as z from 'zod/mini';
import { endpoint } from './endpoint';
import {
  ageSchema,
  countrySchema,
  genderSchema,
  passwordSchema,
  selfUserSchema,
  usernameSchema,
} from '../entities/user';

const profileExtras = {
  gender: z.nullish(genderSchema),
  age: z.nullish(ageSchema),
  country: z.nullish(countrySchema),
};

export const guestBodySchema = z.object({ username: usernameSchema, ...profileExtras });
export type GuestBody = z.input<typeof guestBodySchema>;
export type GuestInput = z.output<typeof guestBodySchema>;

export const registerBodySchema = z.object({ username: usernameSchema, password: passwordSchema, ...profileExtras });
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterInput = z.output<typeof registerBodySchema>;

/**
 * Login checks the name only loosely: a wrong name is just a failed login. Control characters and
 * broken surrogates are refused outright (no name has them, and the database refuses NUL).
 */
export const loginBodySchema = z.object({
  username: z
    .string({ error: 'USERNAME_REQUIRED' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'USERNAME_REQUIRED' }),
      z.maxLength(64, { error: 'INVALID_CREDENTIALS' }),
      z.regex(/^[^\p{Cc}\p{Cs}]*$/u, { error: 'INVALID_CHARACTERS' }),
    ),
  password: z
    .string({ error: 'INVALID_CREDENTIALS' })
    .check(z.minLength(1, { error: 'INVALID_CREDENTIALS' }), z.maxLength(256, { error: 'INVALID_CREDENTIALS' })),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export type LoginInput = z.output<typeof loginBodySchema>;

export const userResponseSchema = z.object({ user: selfUserSchema });
export const okReplySchema = z.object({ ok: z.literal(true) });
export const sessionResponseSchema = z.object({ user: z.nullable(selfUserSchema) });

/** The device id the client generates and sends as `X-Device-Id` (spec §7). */
export const deviceIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'DEVICE_ID_INVALID' }));

/** A visitor becomes a member, keeping their id, name, messages and conversations. */
export const upgradeBodySchema = z.object({ password: passwordSchema });

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'PASSWORD_REQUIRED' })
    .check(z.minLength(1, { error: 'PASSWORD_REQUIRED' }), z.maxLength(256, { error: 'PASSWORD_WRONG' })),
  newPassword: passwordSchema,
});

/** One of the user's open sessions (a signed-in browser), as they see it in their account. */
export const sessionInfoSchema = z.object({
  /** A handle for ending it: not the session's secret, nor what the database keys it by. */
  id: z.string(),
  current: z.boolean(),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionHandleParamsSchema = z.object({
  sessionId: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'SESSION_NOT_FOUND' })),
});

export const authEndpoints = {
  guest: endpoint({
    method: 'POST',
    path: '/api/auth/guest',
    auth: 'none',
    body: guestBodySchema,
    reply: userResponseSchema,
    summary: 'Enter as a visitor (sets the session cookie)',
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    auth: 'none',
    body: registerBodySchema,
    reply: userResponseSchema,
    summary: 'Register a member (201, sets the session cookie)',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    auth: 'none',
    body: loginBodySchema,
    reply: userResponseSchema,
    summary: 'Log in as a member (sets the session cookie)',
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    auth: 'none',
    reply: sessionResponseSchema,
    summary: "The session's user, or null",
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    auth: 'none',
    reply: okReplySchema,
    summary: 'End the session and disconnect its sockets on every node',
  }),
  upgrade: endpoint({
    method: 'POST',
    path: '/api/auth/upgrade',
    auth: 'session',
    body: upgradeBodySchema,
    reply: userResponseSchema,
    summary: 'A visitor becomes a member with a password, keeping id, name, messages and conversations',
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/password',
    auth: 'session',
    body: changePasswordBodySchema,
    reply: okReplySchema,
    summary: "Change one's password (the current one required); every other session is signed out",
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    auth: 'session',
    reply: z.object({ sessions: z.array(sessionInfoSchema) }),
    summary: "One's open sessions, newest activity first",
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:sessionId',
    auth: 'session',
    params: sessionHandleParamsSchema,
    reply: okReplySchema,
    summary: "End one of one's own sessions; its sockets close on every node",
  }),
};
