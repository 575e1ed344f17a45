import type { FastifyInstance } from 'fastify';
import { latestQuerySchema, roomParamsSchema, sinceQuerySchema } from '../../../shared/api/messages';
import { parseInput } from '../../http/errors';
import type { SessionCookies } from '../auth/request-session';
import type { MessagesService } from './messages.service';

export function registerMessagesRoutes(
  fastify: FastifyInstance,
  deps: { messages: MessagesService; cookies: SessionCookies },
) {
  const { messages, cookies } = deps;

  fastify.get('/api/messages/room/:roomId/latest', async (request) => {
    const { user } = await cookies.require(request);
    const { roomId } = parseInput(roomParamsSchema, request.params);
    const { limit } = parseInput(latestQuerySchema, request.query);
    return { messages: await messages.latest(roomId, limit, user.role) };
  });

  fastify.get('/api/messages/room/:roomId/since', async (request) => {
    const started = performance.now();
    const { user } = await cookies.require(request);
    const { roomId } = parseInput(roomParamsSchema, request.params);
    const { sinceId, limit } = parseInput(sinceQuerySchema, request.query);
    const list = await messages.since(roomId, sinceId, limit, user.role);
    return { messages: list, serverLatency: Math.round(performance.now() - started) };
  });
}
