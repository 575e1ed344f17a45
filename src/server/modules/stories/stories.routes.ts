import type { FastifyInstance } from 'fastify';
import { storiesEndpoints } from '../../../shared/api/stories';
import { actorOf, route, type CurrentSession, type SessionReader } from '../../http/route';
import type { StoriesService } from './stories.service';

const senderOf = (session: CurrentSession) => ({ row: session.user, deviceId: session.session.deviceId });

/** The stories' endpoints: the author is always the session's user. */
export function registerStoriesRoutes(
  fastify: FastifyInstance,
  deps: { stories: StoriesService; cookies: SessionReader },
): void {
  const { stories } = deps;
  const ok = { ok: true as const };
  route(fastify, storiesEndpoints.post, deps, async ({ session, body, reply }) => {
    const story = await stories.post(senderOf(session), body);
    reply.code(201);
    return { story };
  });
  route(fastify, storiesEndpoints.feed, deps, async ({ session }) => ({
    authors: await stories.feed(actorOf(session)),
  }));
  route(fastify, storiesEndpoints.mine, deps, async ({ session }) => ({
    stories: await stories.mine(actorOf(session)),
  }));
  route(fastify, storiesEndpoints.view, deps, async ({ session, params }) => {
    await stories.view(actorOf(session), params.id);
    return ok;
  });
  route(fastify, storiesEndpoints.views, deps, async ({ session, params }) => ({
    views: await stories.views(actorOf(session), params.id),
  }));
  route(fastify, storiesEndpoints.react, deps, async ({ session, params, body }) => ({
    message: await stories.react(senderOf(session), params.id, body.type),
  }));
  route(fastify, storiesEndpoints.reply, deps, async ({ session, params, body }) => ({
    message: await stories.reply(senderOf(session), params.id, body.content),
  }));
  route(fastify, storiesEndpoints.remove, deps, async ({ session, params }) => {
    await stories.remove(actorOf(session), params.id);
    return ok;
  });
}
