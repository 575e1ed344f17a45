import type { FastifyInstance } from 'fastify';
import { notificationsEndpoints } from '../../../shared/api/notifications';
import { route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { NotificationsService } from './notifications.service';

export function registerNotificationsRoutes(
  fastify: FastifyInstance,
  deps: { notifications: NotificationsService; cookies: SessionReader },
) {
  const { notifications } = deps;
  const ok = { ok: true as const };
  route(fastify, notificationsEndpoints.list, deps, async ({ session }) => ({
    notifications: await notifications.list(session.user.id),
  }));
  route(fastify, notificationsEndpoints.unreadCount, deps, async ({ session }) => ({
    count: await notifications.unreadCount(session.user.id),
  }));
  // Declared before `/:id/read` matters not: Fastify prefers the static segment.
  route(fastify, notificationsEndpoints.readAll, deps, async ({ session }) => {
    await notifications.markAllRead(session.user.id);
    return ok;
  });
  route(fastify, notificationsEndpoints.read, deps, async ({ session, params }) => {
    await notifications.markRead(session.user.id, params.id);
    return ok;
  });
  route(fastify, notificationsEndpoints.clear, deps, async ({ session }) => {
    await notifications.clear(session.user.id);
    return ok;
  });
}
