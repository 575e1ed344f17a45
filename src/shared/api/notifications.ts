import * as z from 'zod/mini';
import { publicUserSchema } from '../entities/user';
import { endpoint } from './endpoint';

export const NOTIFICATION_TYPES = [
  'message',
  'mention',
  'reply',
  'friendRequest',
  'friendAccepted',
  'wallComment',
  'wallReaction',
  'moderation',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §3 "Notification" (id, type, isRead), with what the panel shows. */
export const notificationSchema = z.object({
  id: z.int(),
  type: z.enum(NOTIFICATION_TYPES),
  isRead: z.boolean(),
  /** Arabic text, already worded (with the count for a grouped entry). */
  text: z.string(),
  actor: z.nullable(publicUserSchema),
  /** How many events this entry stands for (five messages from one person: 5). */
  count: z.int(),
  data: z.object({
    roomId: z.optional(z.string()),
    messageId: z.optional(z.int()),
    requestId: z.optional(z.int()),
    /** A wall post (a comment on it, a reaction to it). */
    postId: z.optional(z.int()),
  }),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'NOT_FOUND' })
    .check(
      z.int({ error: 'NOT_FOUND' }),
      z.positive({ error: 'NOT_FOUND' }),
      z.lte(2_147_483_647, { error: 'NOT_FOUND' }),
    ),
});

const ok = z.object({ ok: z.literal(true) });

export const notificationsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    auth: 'session',
    reply: z.object({ notifications: z.array(notificationSchema) }),
    summary: "The caller's notifications, newest first (at most 50)",
  }),
  unreadCount: endpoint({
    method: 'GET',
    path: '/api/notifications/unread-count',
    auth: 'session',
    reply: z.object({ count: z.int() }),
    summary: "How many of the caller's notifications are unread (the badge)",
  }),
  read: endpoint({
    method: 'POST',
    path: '/api/notifications/:id/read',
    auth: 'session',
    params: notificationIdParamsSchema,
    reply: ok,
    summary: "Marks one of the caller's notifications read; their tabs get `notificationRead`",
  }),
  readAll: endpoint({
    method: 'POST',
    path: '/api/notifications/read-all',
    auth: 'session',
    reply: ok,
    summary: "Marks all the caller's notifications read; their tabs get `notificationRead` (id null)",
  }),
  clear: endpoint({
    method: 'DELETE',
    path: '/api/notifications',
    auth: 'session',
    reply: ok,
    summary: "Deletes all the caller's notifications; their tabs get `notificationsCleared`",
  }),
};
