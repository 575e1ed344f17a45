import type { IgnoreModule } from '../ignore';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { subscribeNotificationSources } from './notification-sources';
import { announceNotifications } from './notifications.gateway';
import { createNotificationsRepo } from './notifications.repo';
import { notificationsRetention } from './notifications.retention';
import { registerNotificationsRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

export { notificationsRetention } from './notifications.retention';

export type NotificationsModule = Module;

/**
 * Notifications: stored per user from what happens elsewhere (domain events: private messages,
 * mentions and replies, friend requests, sanctions, handled reports), grouped while unread, read
 * and cleared on every tab.
 */
export function createNotificationsModule(
  core: Core,
  deps: {
    users: Pick<UsersModule, 'repo'>;
    ignore: Pick<IgnoreModule, 'service'>;
    presence: Pick<PresenceModule, 'service'>;
  },
): NotificationsModule {
  const notifications = createNotificationsService({
    repo: createNotificationsRepo(core.db),
    users: deps.users.repo,
    ignore: deps.ignore.service,
    presence: deps.presence.service,
    bus: core.bus,
    clock: core.clock,
  });
  // Heard on the node where each event happens, so each notification is stored once.
  const stopSources = subscribeNotificationSources({
    bus: core.bus,
    notifications,
    onError: core.logError('notification not stored'),
  });
  return {
    name: 'notifications',
    routes: (fastify, http) => registerNotificationsRoutes(fastify, { notifications, cookies: http.cookies }),
    gateway: announceNotifications,
    retention: [notificationsRetention(core.db, core.config.retention)],
    stop: stopSources,
  };
}
