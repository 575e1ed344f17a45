import type { FastifyInstance } from 'fastify';
import { ignoreEndpoints } from '../../../shared/api/ignore';
import { actorOf, route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { PresenceService } from '../presence';
import { toPublicUser } from '../users';
import type { IgnoreService } from './ignore.service';

export function registerIgnoreRoutes(
  fastify: FastifyInstance,
  deps: { ignore: IgnoreService; presence: PresenceService; cookies: SessionReader },
) {
  const { ignore, presence } = deps;

  route(fastify, ignoreEndpoints.list, deps, async ({ session, params }) => {
    const rows = await ignore.list(actorOf(session), params.id);
    const online = await presence.onlineUserIds(rows.map((r) => r.id));
    return { ignoredUsers: rows.map((row) => toPublicUser(row, online.has(row.id))) };
  });

  route(fastify, ignoreEndpoints.ignore, deps, async ({ session, params }) => {
    await ignore.ignore(actorOf(session), params.id, params.targetId);
    return { ok: true as const };
  });

  route(fastify, ignoreEndpoints.unignore, deps, async ({ session, params }) => {
    await ignore.unignore(actorOf(session), params.id, params.targetId);
    return { ok: true as const };
  });
}
