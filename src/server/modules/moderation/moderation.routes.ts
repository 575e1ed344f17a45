import type { FastifyInstance } from 'fastify';
import { moderationEndpoints } from '../../../shared/api/moderation';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import { actorOf, route } from '../../http/route';
import type { SessionCookies } from '../auth/request-session';
import type { PresenceService } from '../presence/presence.service';
import type { ModerationLog } from './moderation-log';
import type { SanctionsService } from './sanctions.service';

export function registerModerationRoutes(
  fastify: FastifyInstance,
  deps: { sanctions: SanctionsService; log: ModerationLog; presence: PresenceService; cookies: SessionCookies },
) {
  const { sanctions, log, presence } = deps;
  const staff = (actor: Actor) => authorize(actor, 'viewModeration');

  route(fastify, moderationEndpoints.sanction, deps, async ({ session, params, body }) => ({
    sanction: await sanctions.impose(actorOf(session), params.action, body),
  }));

  route(fastify, moderationEndpoints.lift, deps, async ({ session, params }) => {
    await sanctions.lift(actorOf(session), params.action, params.targetId);
    return { ok: true as const };
  });

  route(fastify, moderationEndpoints.sanctions, deps, async ({ session }) => ({
    sanctions: await sanctions.listInForce(actorOf(session)),
  }));

  route(fastify, moderationEndpoints.log, deps, async ({ session, query }) => {
    staff(actorOf(session));
    return log.list(query);
  });

  route(fastify, moderationEndpoints.online, deps, async ({ session }) => {
    staff(actorOf(session));
    const members = await presence.allMembers();
    return { users: members.map(({ roomId, user }) => ({ ...user, roomId })) };
  });
}
