import type { FastifyInstance } from 'fastify';
import { messagesEndpoints } from '../../../shared/api/messages';
import { roomsEndpoints } from '../../../shared/api/rooms';
import { LEGACY_IMAGE_BODY_LIMIT } from '../../../shared/api/uploads';
import { actorOf, route } from '../../http/route';
import type { PollTokens, SessionCookies } from '../auth';
import type { MessagesService } from './messages.service';

export function registerMessagesRoutes(
  fastify: FastifyInstance,
  deps: { messages: MessagesService; cookies: SessionCookies; pollTokens?: PollTokens },
) {
  const { messages } = deps;

  route(fastify, messagesEndpoints.remove, deps, async ({ session, params }) => {
    await messages.remove(actorOf(session), params.id);
    return { ok: true as const };
  });

  route(fastify, messagesEndpoints.edit, deps, async ({ session, params, body }) =>
    messages.edit(actorOf(session), params.id, body.content),
  );

  // Pins are the room's (rooms holds them); finding the message in the room is this module's.
  route(fastify, roomsEndpoints.pin, deps, async ({ session, params }) => ({
    room: await messages.pin(actorOf(session), params.id, params.messageId),
  }));

  // Room for a legacy data-image content (spec §5), converted to a stored picture.
  route(
    fastify,
    messagesEndpoints.send,
    { ...deps, bodyLimit: LEGACY_IMAGE_BODY_LIMIT },
    async ({ session, params, body }) => ({
      message: await messages.sendQueued(
        { userId: session.user.id, deviceId: session.session.deviceId },
        {
          roomId: params.roomId,
          content: body.content,
          messageType: body.messageType,
          textColor: body.textColor,
          bold: body.bold,
          clientMessageId: body.clientMessageId ?? null,
          replyToId: body.replyToId ?? null,
        },
      ),
    }),
  );

  route(fastify, messagesEndpoints.latest, deps, async ({ session, params, query }) => ({
    messages: await messages.latest(actorOf(session), params.roomId, query.limit),
  }));

  route(fastify, messagesEndpoints.before, deps, async ({ session, params, query }) =>
    messages.before(actorOf(session), params.roomId, query.beforeId, query.limit),
  );

  route(fastify, messagesEndpoints.search, deps, async ({ session, params, query }) =>
    messages.search(actorOf(session), params.roomId, query.q, query.before),
  );

  route(fastify, messagesEndpoints.around, deps, async ({ session, params, query }) =>
    messages.around(actorOf(session), params.roomId, query.id, query.limit),
  );

  // The polling read: the session cookie, or a poll token (Authorization: Bearer) of a live session.
  const pollCookies = deps.pollTokens ? deps.pollTokens.orCookie(deps.cookies) : deps.cookies;
  route(fastify, messagesEndpoints.since, { cookies: pollCookies }, async ({ session, params, query }) => {
    const started = performance.now();
    const found = await messages.poll(session.user.id, params.roomId, query);
    return { ...found, serverLatency: Math.round(performance.now() - started) };
  });
}
