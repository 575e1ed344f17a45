import type { FastifyInstance } from 'fastify';
import { wallsEndpoints } from '../../../shared/api/walls';
import { actorOf, route, type CurrentSession, type SessionReader } from '../../http/route';
import type { WallActor, WallsService } from './walls.service';

/** The session's user, with the device it signed in from (flood control counts devices). */
const wallActor = (session: CurrentSession): WallActor => ({ ...actorOf(session), deviceId: session.session.deviceId });

export function registerWallsRoutes(fastify: FastifyInstance, deps: { walls: WallsService; cookies: SessionReader }) {
  const { walls } = deps;
  const ok = { ok: true as const };
  route(fastify, wallsEndpoints.posts, deps, async ({ session, params, query }) =>
    walls.page(actorOf(session), params.type, query),
  );
  route(fastify, wallsEndpoints.create, deps, async ({ session, body, reply }) => {
    const post = await walls.create(wallActor(session), body);
    reply.code(201);
    return { post };
  });
  route(fastify, wallsEndpoints.remove, deps, async ({ session, params }) => {
    await walls.remove(actorOf(session), params.id);
    return ok;
  });
  route(fastify, wallsEndpoints.react, deps, async ({ session, params, body }) =>
    walls.react(wallActor(session), params.id, body.type),
  );
  route(fastify, wallsEndpoints.comments, deps, async ({ session, params }) => ({
    comments: await walls.comments(actorOf(session), params.id),
  }));
  route(fastify, wallsEndpoints.comment, deps, async ({ session, params, body, reply }) => {
    const comment = await walls.comment(wallActor(session), params.id, body.content);
    reply.code(201);
    return { comment };
  });
  route(fastify, wallsEndpoints.removeComment, deps, async ({ session, params }) => {
    await walls.removeComment(actorOf(session), params.id);
    return ok;
  });
  route(fastify, wallsEndpoints.reportPost, deps, async ({ session, params, body }) => {
    await walls.reportPost(actorOf(session), params.id, body.reason);
    return ok;
  });
  route(fastify, wallsEndpoints.reportComment, deps, async ({ session, params, body }) => {
    await walls.reportComment(actorOf(session), params.id, body.reason);
    return ok;
  });
}
