import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { combine, useRealtime } from '../../realtime';
import { markNotificationRead } from '../people/people-api';
import { openConversationUserId } from '../people/private-message-action';
import { addNotification, notificationRead, notificationsCleared, useUnreadCount } from '../people/social-queries';
import { playNotificationSound } from '../people/notification-sound';
import { showUnreadInTitle } from './page-title';

/**
 * Keeps the notification caches in step with the live events of every tab and node; sounds the
 * notification tone; shows the unread count in the page title. Renders nothing.
 */
export function NotificationsLive() {
  const realtime = useRealtime();
  const queries = useQueryClient();
  const unread = useUnreadCount();

  useEffect(
    () =>
      combine([
        realtime.on('newNotification', ({ notification, unreadCount }) => {
          const fromOpenConversation =
            notification.type === 'message' && notification.actor?.id === openConversationUserId();
          addNotification(queries, notification, unreadCount);
          if (fromOpenConversation) {
            void markNotificationRead(notification.id).catch(() => undefined);
            return;
          }
          playNotificationSound();
        }),
        realtime.on('notificationRead', ({ id, unreadCount }) => notificationRead(queries, id, unreadCount)),
        realtime.on('notificationsCleared', () => notificationsCleared(queries)),
      ]),
    [realtime, queries],
  );

  // Spec: the unread count in the page title, e.g. "(3) شات مصر — مجلس".
  useEffect(() => showUnreadInTitle(unread), [unread]);

  return null;
}
