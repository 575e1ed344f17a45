import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '../../../shared/api/users';
import { actorOf, route } from '../../http/route';
import type { SessionCookies } from '../auth/request-session';
import type { UsersService } from './users.service';

export function registerUsersRoutes(fastify: FastifyInstance, deps: { users: UsersService; cookies: SessionCookies }) {
  const { users } = deps;

  route(fastify, usersEndpoints.get, deps, async ({ session, params }) => ({
    user: await users.get(actorOf(session), params.id),
  }));

  route(fastify, usersEndpoints.update, deps, async ({ session, params, body }) => ({
    user: await users.updateSettings(actorOf(session), params.id, body),
  }));

  route(fastify, usersEndpoints.setRole, deps, async ({ session, params, body }) => ({
    user: await users.setRole(actorOf(session), params.id, body.role),
  }));
}
