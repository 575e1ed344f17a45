import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, ParsedInput, ReplyInput } from '../../shared/api/endpoint';
import type { Actor } from '../../shared/policy';
import type { CurrentSession, SessionCookies } from '../modules/auth/request-session';
import { AppError, parseInput } from './errors';

export type RouteContext<E extends Endpoint> = ParsedInput<E> & {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's live session (with their current user row), read from the database. */
  session: E['auth'] extends 'session' ? CurrentSession : CurrentSession | null;
};

/** The policy's view of whoever holds a session. */
export function actorOf(session: CurrentSession): Actor {
  return { id: session.user.id, role: session.user.role };
}

/**
 * Registers the route of one endpoint of the shared registry: the session is resolved (401 when
 * the endpoint needs one and there is none), every input is parsed with the endpoint's schemas,
 * and the handler's return type is the endpoint's reply. Handlers stay thin: parse, call a
 * service, answer.
 */
export function route<E extends Endpoint>(
  fastify: FastifyInstance,
  endpoint: E,
  deps: { cookies: SessionCookies; config?: FastifyContextConfig },
  handler: (context: RouteContext<E>) => Promise<ReplyInput<E>>,
): void {
  fastify.route({
    method: endpoint.method,
    url: endpoint.path,
    config: deps.config,
    async handler(request, reply) {
      const session = await deps.cookies.current(request);
      if (endpoint.auth === 'session' && !session) throw new AppError('UNAUTHORIZED', 401);
      const input = {
        params: endpoint.params ? parseInput(endpoint.params, request.params) : undefined,
        query: endpoint.query ? parseInput(endpoint.query, request.query) : undefined,
        body: endpoint.body ? parseInput(endpoint.body, request.body ?? {}) : undefined,
      } as ParsedInput<E>;
      return handler({ ...input, request, reply, session } as RouteContext<E>);
    },
  });
}
