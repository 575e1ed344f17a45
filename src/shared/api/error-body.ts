import * as z from 'zod/mini';

/*
 * Apart from the catalogue of texts (errors.ts re-exports it): every page reads error bodies,
 * the landing pages included, and need not load every error text to do so.
 */
/** The body of every HTTP error reply (spec §8: message, error, code, details, timestamp). */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.optional(z.string()),
  code: z.optional(z.string()),
  details: z.optional(z.unknown()),
  /** Seconds left on a temporary restriction (a ban, a mute, a flood pause). */
  timeLeft: z.optional(z.number()),
  timestamp: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
