/** Reactions to room messages. */
import * as z from 'zod/mini';
import { lastReactionSchema, reactionsSchema, REACTION_TYPES } from '../entities/message';
import { envelope } from './registry';

export const reactionsEnvelopes = {
  reactionUpdated: envelope(
    'reactionUpdated',
    "A message's reactions changed: to its room, except those ignoring the reactor",
    {
      roomId: z.string(),
      messageId: z.int(),
      reactions: reactionsSchema,
      lastReaction: z.nullable(lastReactionSchema),
      /** Who changed their reaction, and to what (null: removed): their own tabs set `myReaction`. */
      reactorId: z.int(),
      reaction: z.nullable(z.enum(REACTION_TYPES)),
    },
  ),
};
