import { z } from 'zod';
import {
  ageSchema,
  countrySchema,
  genderSchema,
  passwordSchema,
  selfUserSchema,
  usernameSchema,
} from '../entities/user';

const profileExtras = {
  gender: genderSchema.nullish(),
  age: ageSchema.nullish(),
  country: countrySchema.nullish(),
};

export const guestBodySchema = z.object({ username: usernameSchema, ...profileExtras });
export type GuestBody = z.input<typeof guestBodySchema>;
export type GuestInput = z.output<typeof guestBodySchema>;

export const registerBodySchema = z.object({ username: usernameSchema, password: passwordSchema, ...profileExtras });
export type RegisterBody = z.input<typeof registerBodySchema>;
export type RegisterInput = z.output<typeof registerBodySchema>;

/** Login checks the name only loosely: a wrong name is just a failed login. */
export const loginBodySchema = z.object({
  username: z.string({ message: 'USERNAME_REQUIRED' }).trim().min(1, { message: 'USERNAME_REQUIRED' }).max(64),
  password: z.string({ message: 'INVALID_CREDENTIALS' }).min(1, { message: 'INVALID_CREDENTIALS' }).max(256),
});
export type LoginBody = z.input<typeof loginBodySchema>;
export type LoginInput = z.output<typeof loginBodySchema>;

export const userResponseSchema = z.object({ user: selfUserSchema });
export const sessionResponseSchema = z.object({ user: selfUserSchema.nullable() });

/** The device id the client generates and sends as `X-Device-Id` (spec §7). */
export const deviceIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: 'DEVICE_ID_INVALID' });

/** The settings a user may change on their own record for now. */
export const userSettingsBodySchema = z
  .object({ showSystemMessages: z.boolean(), globalSoundEnabled: z.boolean() })
  .partial()
  .strict();
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;
