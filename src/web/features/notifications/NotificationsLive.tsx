import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeClient } from '../chat/realtime/realtime-context';
import { markNotificationRead } from '../people/people-api';
import { openConversationUserId } from '../people/private-message-action';
import {
  addNotification,
  friendAdded,
  friendPresence,
  friendRemoved,
  friendRequestReceived,
  ignoredKey,
  notificationRead,
  notificationsCleared,
  useUnreadCount,
} from '../people/social-queries';
import { useSession } from '../session/session-store';
import { playNotificationSound } from '../people/notification-sound';
import { unreadTitle } from './texts';

/**
 * Keeps the notification, friend and ignore caches in step with the live events of every tab and
 * node; sounds the notification tone; shows the unread count in the page title. Renders nothing.
 */
export function NotificationsLive() {
  const client = useRealtimeClient();
  const queries = useQueryClient();
  const { user, record } = useSession();
  const myId = user?.id ?? record?.userId;
  const unread = useUnreadCount();

  useEffect(() => {
    const stopNotifications = client.listen('newNotification', ({ notification, unreadCount }) => {
      const fromOpenConversation =
        notification.type === 'message' && notification.actor?.id === openConversationUserId();
      addNotification(queries, notification, unreadCount);
      if (fromOpenConversation) {
        void markNotificationRead(notification.id).catch(() => undefined);
        return;
      }
      playNotificationSound();
    });
    const stopEnvelopes = client.listen('message', (envelope) => {
      switch (envelope.type) {
        case 'notificationRead':
          notificationRead(queries, envelope.id, envelope.unreadCount);
          break;
        case 'notificationsCleared':
          notificationsCleared(queries);
          break;
        case 'friendRequestReceived':
          friendRequestReceived(queries, envelope.request);
          break;
        case 'friendAdded':
          friendAdded(queries, envelope.friend);
          break;
        case 'friendRemoved':
          friendRemoved(queries, envelope.userId);
          break;
        case 'friendPresence':
          friendPresence(queries, envelope.userId, envelope.isOnline);
          break;
        case 'ignoreChanged':
          void queries.invalidateQueries({ queryKey: ignoredKey(myId) });
          break;
      }
    });
    return () => {
      stopNotifications();
      stopEnvelopes();
    };
  }, [client, queries, myId]);

  // Spec: the unread count in the page title, e.g. "(3) مجلس".
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\+?\)\s*/, '');
    document.title = unreadTitle(unread, base);
  }, [unread]);

  return null;
}
