import type { FastifyInstance } from 'fastify';
import { reactionsEndpoints } from '../../../shared/api/reactions';
import { actorOf, route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { ReactionsService } from './reactions.service';

export function registerReactionsRoutes(
  fastify: FastifyInstance,
  deps: { reactions: ReactionsService; cookies: SessionReader },
) {
  route(fastify, reactionsEndpoints.react, deps, async ({ session, params, body }) =>
    deps.reactions.react(actorOf(session), params.id, body.type),
  );
}
