/** Moderation: sanctions as the person and the room hear them, and reports as staff do. */
import * as z from 'zod/mini';
import { logEntrySchema, reportSchema } from '../entities/moderation';
import { envelope, serverEvent } from './registry';

/** What the signed-in user may not do right now. */
export const restrictionsSchema = z.object({ mutedUntil: z.nullable(z.string()) });
export type Restrictions = z.infer<typeof restrictionsSchema>;

export const moderationServerEvents = {
  kicked: serverEvent(
    'To the kicked user (spec §4): the countdown overlay; the socket is closed after it',
    z.object({
      moderator: z.string(),
      reason: z.string(),
      /** Minutes (spec); `until` is when it ends. */
      duration: z.int(),
      until: z.string(),
      kind: z.enum(['kick', 'ban']),
    }),
  ),
  blocked: serverEvent(
    'To the blocked user: permanent; the socket is closed after it',
    z.object({ moderator: z.string(), reason: z.string() }),
  ),
};

export const moderationEnvelopes = {
  moderationAction: envelope('moderationAction', 'A notice in the room: someone was kicked, muted, banned or blocked', {
    roomId: z.string(),
    action: z.enum(['kick', 'mute', 'ban', 'block', 'unmute']),
    actorName: z.string(),
    actorGender: z.nullable(z.string()),
    targetName: z.string(),
    targetGender: z.nullable(z.string()),
    reason: z.string(),
    /** Null for blocks (permanent) and lifts. */
    durationMinutes: z.nullable(z.int()),
  }),
  restrictionsChanged: envelope('restrictionsChanged', "To the user's tabs: what they may not do now, and until when", {
    mutedUntil: z.nullable(z.string()),
  }),
  reportCreated: envelope('reportCreated', 'To staff: a new report for the queue', { report: reportSchema }),
  reportHandled: envelope('reportHandled', 'To staff: a report was closed; it leaves every open queue', {
    report: reportSchema,
  }),
  moderationLogged: envelope(
    'moderationLogged',
    'To staff: a new entry in the moderation log (a sanction, a lift, a role, a lock…); open lists fetch again',
    { entry: logEntrySchema },
  ),
  systemNotification: envelope('systemNotification', 'To one user: a notice from the site (a report handled…)', {
    text: z.string(),
  }),
};
