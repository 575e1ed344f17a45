import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint, ParsedInput, ReplyInput } from '../../shared/api/endpoint';
import type { NamedActor } from '../authorize';
import type { SessionRow, UserRow } from '../db/schema';
import { AppError } from '../errors';
import { parseInput } from './errors';
import { readMultipart } from './multipart';

/** A live session and its user's current row, read from the database. */
export interface CurrentSession {
  session: SessionRow;
  user: UserRow;
}

/** Finds the session a request carries (the auth module's session cookies do). */
export interface SessionReader {
  current(request: FastifyRequest): Promise<CurrentSession | null>;
}

export type RouteContext<E extends Endpoint> = ParsedInput<E> & {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's live session (with their current user row), read from the database. */
  session: E['auth'] extends 'session' ? CurrentSession : CurrentSession | null;
};

/** The policy's view of whoever holds a session, with the name logs record them by. */
export function actorOf(session: CurrentSession): NamedActor {
  return { id: session.user.id, role: session.user.role, username: session.user.username };
}

/**
 * Registers the route of one endpoint of the shared registry: the session is resolved (401 when
 * the endpoint needs one and there is none), every input is parsed with the endpoint's schemas
 * (a multipart form's text fields with the body schema, its files given as `files`), and the
 * handler's return type is the endpoint's reply. Handlers stay thin: parse, call a
 * service, answer.
 */
export function route<E extends Endpoint>(
  fastify: FastifyInstance,
  endpoint: E,
  deps: {
    cookies: SessionReader;
    config?: FastifyContextConfig;
    /** A larger body than the server's default (64 KiB), for the one endpoint that needs it. */
    bodyLimit?: number;
    /** A larger cap on an upload's file than the usual (room pictures'), for the one endpoint that needs it. */
    maxFileBytes?: number;
  },
  handler: (context: RouteContext<E>) => Promise<ReplyInput<E>>,
): void {
  fastify.route({
    method: endpoint.method,
    url: endpoint.path,
    config: deps.config,
    ...(deps.bodyLimit === undefined ? {} : { bodyLimit: deps.bodyLimit }),
    async handler(request, reply) {
      const session = await deps.cookies.current(request);
      if (endpoint.auth === 'session' && !session) throw new AppError('UNAUTHORIZED', 401);
      const params = endpoint.params ? parseInput(endpoint.params, request.params) : undefined;
      const query = endpoint.query ? parseInput(endpoint.query, request.query) : undefined;
      // An upload endpoint reads its form here: text fields go through the body schema like JSON.
      const form =
        endpoint.files && request.isMultipart()
          ? await readMultipart(request, endpoint.files, deps.maxFileBytes)
          : { fields: request.body ?? {}, files: {} };
      const input = {
        params,
        query,
        body: endpoint.body ? parseInput(endpoint.body, form.fields) : undefined,
        files: form.files,
      } as ParsedInput<E>;
      return handler({ ...input, request, reply, session } as RouteContext<E>);
    },
  });
}
