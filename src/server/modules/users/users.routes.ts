import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '../../../shared/api/users';
import { actorOf, route, type SessionReader } from '../../http/route';
import type { UsersService } from './users.service';

export function registerUsersRoutes(fastify: FastifyInstance, deps: { users: UsersService; cookies: SessionReader }) {
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
