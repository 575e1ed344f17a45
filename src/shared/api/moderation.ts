import * as z from 'zod/mini';
import {
  durationMinutesSchema,
  filteredWordSchema,
  logEntrySchema,
  reasonSchema,
  sanctionKindSchema,
  sanctionSchema,
} from '../entities/moderation';
import { userIdParamSchema, userIdSchema } from '../entities/ids';
import { onlineUserSchema } from '../entities/user';
import { endpoint } from './endpoint';

export const sanctionParamsSchema = z.object({ action: sanctionKindSchema });
export const liftParamsSchema = z.object({ action: sanctionKindSchema, targetId: userIdParamSchema });

/** `POST /api/moderation/{kick|mute|ban|block}`. Durations are ignored for blocks (permanent). */
export const sanctionBodySchema = z.object({
  targetId: userIdSchema,
  durationMinutes: z.optional(durationMinutesSchema),
  reason: z.optional(reasonSchema),
  /** Bans only: also bar the target's address (off by default: carriers share addresses). */
  includeAddress: z.optional(z.boolean()),
});
export type SanctionBody = z.input<typeof sanctionBodySchema>;

export const logQuerySchema = z.object({
  beforeId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
  action: z.optional(z.string().check(z.maxLength(32))),
  targetId: z.optional(userIdParamSchema),
  actorId: z.optional(userIdParamSchema),
});

export const wordsBodySchema = z.object({ words: z.array(filteredWordSchema).check(z.maxLength(2000)) });

export const moderationEndpoints = {
  sanction: endpoint({
    method: 'POST',
    path: '/api/moderation/:action',
    auth: 'session',
    params: sanctionParamsSchema,
    body: sanctionBodySchema,
    reply: z.object({ sanction: sanctionSchema }),
    summary: 'Kick, mute (moderator+), ban or block (admin+) someone of a lower rank; in force at once on every node',
  }),
  lift: endpoint({
    method: 'DELETE',
    path: '/api/moderation/:action/:targetId',
    auth: 'session',
    params: liftParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: 'Lift what is in force of that kind (mute, kick: moderator+; ban, block: admin+)',
  }),
  sanctions: endpoint({
    method: 'GET',
    path: '/api/moderation/sanctions',
    auth: 'session',
    reply: z.object({ sanctions: z.array(sanctionSchema) }),
    summary: 'Sanctions in force (staff)',
  }),
  log: endpoint({
    method: 'GET',
    path: '/api/moderation/log',
    auth: 'session',
    query: logQuerySchema,
    reply: z.object({ entries: z.array(logEntrySchema), hasMore: z.boolean() }),
    summary: 'The moderation log, newest first, filtered by action, actor or target (staff)',
  }),
  online: endpoint({
    method: 'GET',
    path: '/api/moderation/online',
    auth: 'session',
    reply: z.object({ users: z.array(z.extend(onlineUserSchema, { roomId: z.string() })) }),
    summary: 'Everyone online, with their room (staff)',
  }),
  words: endpoint({
    method: 'GET',
    path: '/api/moderation/words',
    auth: 'session',
    reply: wordsBodySchema,
    summary: 'The word filter (admin+)',
  }),
  setWords: endpoint({
    method: 'PUT',
    path: '/api/moderation/words',
    auth: 'session',
    body: wordsBodySchema,
    reply: wordsBodySchema,
    summary: 'Replace the word filter (admin+); each word masks, blocks or flags to staff',
  }),
};
