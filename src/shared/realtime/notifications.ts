/** Notifications: a new one, one read, all cleared, on every tab. */
import * as z from 'zod/mini';
import { notificationSchema } from '../api/notifications';
import { envelope, serverEvent } from './registry';

export const notificationsServerEvents = {
  newNotification: serverEvent(
    "To the user's every tab: a new (or grown, when grouped) notification, and the unread count",
    z.object({ notification: notificationSchema, unreadCount: z.int() }),
  ),
};

export const notificationsEnvelopes = {
  notificationRead: envelope('notificationRead', "To the user's tabs: a notification (or all: id null) was read", {
    id: z.nullable(z.int()),
    unreadCount: z.int(),
  }),
  notificationsCleared: envelope('notificationsCleared', "To the user's tabs: their notifications were deleted", {}),
};
