/** The connection's own events: confirming the session, keeping alive, going to the background. */
import * as z from 'zod/mini';
import { userIdSchema } from '../entities/ids';
import { selfUserSchema } from '../entities/user';
import { restrictionsSchema } from './moderation';
import { clientEvent, serverEvent, socketErrorSchema } from './registry';

/** Spec §7 `auth`. Identity comes from the session cookie; userId must match it. */
export const authPayloadSchema = z.object({
  userId: userIdSchema,
  username: z.optional(z.string().check(z.maxLength(64))),
  userType: z.optional(z.string().check(z.maxLength(16))),
  reconnect: z.optional(z.boolean()),
  reconnectAttempt: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
  timestamp: z.optional(z.number()),
});
export const clientPingPayloadSchema = z.optional(z.object({ timestamp: z.optional(z.number()) }));
/** `going_background` carries nothing we read. */
export const goingBackgroundPayloadSchema = z.optional(z.unknown());

export const systemClientEvents = {
  auth: clientEvent('Confirms the session after connecting; answered with `authenticated`', authPayloadSchema),
  client_ping: clientEvent('Keep-alive every 20 s (30 s hidden); answered with `client_pong`', clientPingPayloadSchema),
  going_background: clientEvent('The tab was hidden', goingBackgroundPayloadSchema),
};

export const systemServerEvents = {
  authenticated: serverEvent(
    'Answer to `auth`: the full current record and current restrictions',
    z.object({ user: selfUserSchema, serverTime: z.number(), restrictions: restrictionsSchema }),
  ),
  client_pong: serverEvent(
    'Answer to `client_ping`',
    z.object({ timestamp: z.nullable(z.number()), serverTime: z.number() }),
  ),
  error: serverEvent('A refused event that had no acknowledgement (Arabic `message`)', socketErrorSchema),
};
