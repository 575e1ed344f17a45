import * as z from 'zod/mini';
import { PRIVATE_MESSAGES_FROM, publicUserSchema, selfUserSchema } from '../entities/user';
import { userIdParamSchema } from '../entities/ids';
import { ROLES } from '../roles';
import { endpoint } from './endpoint';
import { userResponseSchema } from './auth';

export const userIdParamsSchema = z.object({ id: userIdParamSchema });

/** At least one field with a value: an empty update is refused rather than silently accepted. */
function notEmpty(value: Record<string, unknown>): boolean {
  return Object.values(value).some((field) => field !== undefined);
}

/** The settings a user may change on their own record for now. */
export const userSettingsBodySchema = z
  .partial(
    z.strictObject({
      showSystemMessages: z.boolean(),
      globalSoundEnabled: z.boolean(),
      privateMessagesFrom: z.enum(PRIVATE_MESSAGES_FROM),
    }),
  )
  .check(z.refine(notEmpty, { error: 'NOTHING_TO_UPDATE' }));
export type UserSettingsBody = z.infer<typeof userSettingsBodySchema>;

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
    reply: userResponseSchema,
    summary: "Change a user's settings (themself, or staff above them); reaches their open tabs live",
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
