import * as z from 'zod/mini';
import { SANCTION_KINDS } from '../policy';
import { userIdSchema } from './ids';

/** Spec §4 "Moderation" and the terms' penalties, as numbers. */
export const MODERATION = {
  /** Kick, mute and ban lengths, in minutes: one minute to thirty days. */
  minMinutes: 1,
  maxMinutes: 43_200,
  defaultMinutes: { kick: 15, mute: 15, ban: 1440 },
  /** What the interface offers (5 minutes to a day). */
  presetMinutes: [5, 15, 30, 60, 180, 720, 1440],
  reasonMax: 300,
  /** Spec §4: the reason and moderator shown when none is given. */
  defaultReason: 'بدون سبب',
  defaultModerator: 'أحد المشرفين',
} as const;

export const sanctionKindSchema = z.enum(SANCTION_KINDS);

/** A sanction in force, as staff see it. */
export const sanctionSchema = z.object({
  id: z.int(),
  kind: sanctionKindSchema,
  userId: z.int(),
  username: z.string(),
  actorId: z.nullable(z.int()),
  actorName: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  /** Null: permanent. */
  expiresAt: z.nullable(z.string()),
  /** Whether it also binds an address (bans only, by choice). */
  byAddress: z.boolean(),
});
export type Sanction = z.infer<typeof sanctionSchema>;

export const LOGGED_ACTIONS = [
  ...SANCTION_KINDS,
  'unmute',
  'unban',
  'unblock',
  'unkick',
  'deleteMessage',
  'editMessage',
  'deleteWallPost',
  'deleteWallComment',
  'deleteStory',
  'setRole',
  'editProfile',
  'lockRoom',
  'unlockRoom',
  'chatLock',
  'createRoom',
  'deleteRoom',
  'roomIcon',
  'pinMessage',
  'unpinMessage',
  'roomAnnouncement',
  'roomWelcome',
  'slowMode',
  'wordFilter',
  'report',
] as const;
export type LoggedAction = (typeof LOGGED_ACTIONS)[number];

export const logEntrySchema = z.object({
  id: z.int(),
  actorId: z.nullable(z.int()),
  actorName: z.string(),
  targetId: z.nullable(z.int()),
  targetName: z.nullable(z.string()),
  action: z.string(),
  reason: z.nullable(z.string()),
  roomId: z.nullable(z.string()),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** A message's text as it was before the action (an edit's earlier text, a deleted message's). */
  messageText: z.optional(z.nullable(z.string())),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;

export const reportSchema = z.object({
  id: z.int(),
  /** Null for reports the site raised itself (a flagged word); reporterName then names the site. */
  reporterId: z.nullable(z.int()),
  reporterName: z.string(),
  messageId: z.nullable(z.int()),
  userId: z.nullable(z.int()),
  username: z.nullable(z.string()),
  reason: z.string(),
  /** The message's text when it was reported. */
  excerpt: z.nullable(z.string()),
  roomId: z.nullable(z.string()),
  status: z.enum(REPORT_STATUSES),
  handledByName: z.nullable(z.string()),
  outcome: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const WORD_ACTIONS = ['mask', 'block', 'flag'] as const;
export const filteredWordSchema = z.object({
  word: z
    .string()
    .check(z.trim(), z.minLength(2, { error: 'WORD_INVALID' }), z.maxLength(50, { error: 'WORD_INVALID' })),
  action: z.enum(WORD_ACTIONS, { error: 'WORD_INVALID' }),
});
export type FilteredWord = z.infer<typeof filteredWordSchema>;

/** A reason: optional, trimmed, at most 300 characters. */
export const reasonSchema = z.string().check(z.trim(), z.maxLength(MODERATION.reasonMax, { error: 'REASON_TOO_LONG' }));

export const durationMinutesSchema = z
  .int({ error: 'DURATION_INVALID' })
  .check(
    z.gte(MODERATION.minMinutes, { error: 'DURATION_INVALID' }),
    z.lte(MODERATION.maxMinutes, { error: 'DURATION_INVALID' }),
  );

export { userIdSchema };
