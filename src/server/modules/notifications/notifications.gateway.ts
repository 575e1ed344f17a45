import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';

/** A user's notifications follow on their every tab, on every node. */
export function announceNotifications(live: Live): void {
  const tabsOf = (userId: number) => live.io.to(channel.user(userId));
  live.on('notification.created', ({ userId, notification, unreadCount }) =>
    tabsOf(userId).emit('newNotification', { notification, unreadCount }),
  );
  live.on('notification.read', ({ userId, id, unreadCount }) =>
    tabsOf(userId).emit('message', { type: 'notificationRead', id, unreadCount }),
  );
  live.on('notifications.cleared', ({ userId }) => tabsOf(userId).emit('message', { type: 'notificationsCleared' }));
}
