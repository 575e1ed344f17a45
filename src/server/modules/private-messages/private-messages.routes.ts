import type { FastifyInstance } from 'fastify';
import { privateMessagesEndpoints } from '../../../shared/api/private-messages';
import { LEGACY_IMAGE_BODY_LIMIT } from '../../../shared/api/uploads';
import { actorOf, route, type SessionReader } from '../../http/route';
import type { PrivateMessagesService } from './private-messages.service';

export function registerPrivateMessagesRoutes(
  fastify: FastifyInstance,
  deps: { privateMessages: PrivateMessagesService; cookies: SessionReader },
) {
  const { privateMessages } = deps;

  // The sender is the session's user; a `senderId` in the body is never read.
  route(
    fastify,
    privateMessagesEndpoints.send,
    { ...deps, bodyLimit: LEGACY_IMAGE_BODY_LIMIT },
    async ({ session, body }) => ({
      message: await privateMessages.send({ row: session.user, deviceId: session.session.deviceId }, body),
    }),
  );

  route(fastify, privateMessagesEndpoints.search, deps, async ({ session, query }) =>
    privateMessages.search(actorOf(session), query.q, query.before),
  );

  route(fastify, privateMessagesEndpoints.conversations, deps, async ({ session, params, query }) => ({
    conversations: await privateMessages.conversations(actorOf(session), params.userId, query.limit),
  }));

  route(fastify, privateMessagesEndpoints.conversation, deps, async ({ session, params, query }) =>
    privateMessages.page(actorOf(session), params.userId, params.otherId, query),
  );

  route(fastify, privateMessagesEndpoints.edit, deps, async ({ session, params, body }) =>
    privateMessages.edit(actorOf(session), params.id, body.content),
  );

  route(fastify, privateMessagesEndpoints.remove, deps, async ({ session, params }) => {
    await privateMessages.remove(actorOf(session), params.id);
    return { ok: true as const };
  });

  route(fastify, privateMessagesEndpoints.read, deps, async ({ session, params }) => ({
    ok: true as const,
    lastReadMessageId: await privateMessages.markRead(actorOf(session), params.otherId),
  }));
}
