import * as z from 'zod/mini';
import { lastReactionSchema, reactionsSchema, REACTION_TYPES } from '../entities/message';
import { messageIdParamsSchema } from './messages';
import { endpoint } from './endpoint';

/** `{type}` sets or switches the caller's reaction; `{type: null}` removes it. */
export const reactionBodySchema = z.object({
  type: z.nullable(z.enum(REACTION_TYPES, { error: 'VALIDATION_ERROR' })),
});
export type ReactionBody = z.infer<typeof reactionBodySchema>;

export const reactionStateSchema = z.object({
  messageId: z.int(),
  reactions: reactionsSchema,
  myReaction: z.nullable(z.enum(REACTION_TYPES)),
  lastReaction: z.nullable(lastReactionSchema),
});
export type ReactionState = z.infer<typeof reactionStateSchema>;

export const reactionsEndpoints = {
  react: endpoint({
    method: 'POST',
    path: '/api/messages/:id/reaction',
    auth: 'session',
    params: messageIdParamsSchema,
    body: reactionBodySchema,
    reply: reactionStateSchema,
    summary:
      "Sets, switches or removes (null) the caller's reaction to a room message; the room gets `reactionUpdated`",
  }),
};
