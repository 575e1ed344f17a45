import type { FastifyInstance } from 'fastify';
import { friendsEndpoints } from '../../../shared/api/friends';
import { actorOf, route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { FriendsService } from './friends.service';

export function registerFriendsRoutes(
  fastify: FastifyInstance,
  deps: { friends: FriendsService; cookies: SessionReader },
) {
  const { friends } = deps;
  const ok = { ok: true as const };
  route(fastify, friendsEndpoints.request, deps, async ({ session, body }) =>
    friends.request(actorOf(session), body.userId),
  );
  route(fastify, friendsEndpoints.accept, deps, async ({ session, params }) => ({
    friend: await friends.accept(actorOf(session), params.id),
  }));
  route(fastify, friendsEndpoints.decline, deps, async ({ session, params }) => {
    await friends.decline(actorOf(session), params.id);
    return ok;
  });
  route(fastify, friendsEndpoints.cancel, deps, async ({ session, params }) => {
    await friends.cancel(actorOf(session), params.id);
    return ok;
  });
  route(fastify, friendsEndpoints.remove, deps, async ({ session, params }) => {
    await friends.remove(actorOf(session), params.userId);
    return ok;
  });
  route(fastify, friendsEndpoints.list, deps, async ({ session }) => ({
    friends: await friends.list(actorOf(session)),
  }));
  route(fastify, friendsEndpoints.requests, deps, async ({ session }) => friends.requests(actorOf(session)));
}
