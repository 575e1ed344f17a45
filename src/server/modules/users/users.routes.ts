import type { FastifyInstance } from 'fastify';
import { userSettingsBodySchema } from '../../../shared/api/users';
import { userIdParamsSchema } from '../../../shared/api/users';
import { AppError, parseInput } from '../../http/errors';
import type { SessionCookies } from '../auth/request-session';
import type { PresenceService } from '../presence/presence.service';
import { toPublicUser, toSelfUser } from './users.presenter';
import type { UsersRepo } from './users.repo';

export function registerUsersRoutes(
  fastify: FastifyInstance,
  deps: { users: UsersRepo; cookies: SessionCookies; presence: PresenceService },
) {
  const { users, cookies, presence } = deps;

  fastify.get('/api/users/:id', async (request) => {
    const viewer = await cookies.require(request);
    const { id } = parseInput(userIdParamsSchema, request.params);
    const row = await users.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    const online = await presence.isOnline(row.id);
    return { user: row.id === viewer.user.id ? toSelfUser(row, online) : toPublicUser(row, online) };
  });

  /** A user's own settings. Only the signed-in user may change their record. */
  fastify.put('/api/users/:id', async (request) => {
    const viewer = await cookies.require(request);
    const { id } = parseInput(userIdParamsSchema, request.params);
    if (id !== viewer.user.id) throw new AppError('FORBIDDEN', 403);
    const body = parseInput(userSettingsBodySchema, request.body);
    const row = await users.update(id, body);
    if (!row) throw new AppError('USER_NOT_FOUND', 404);
    return { user: toSelfUser(row, await presence.isOnline(id)) };
  });
}
