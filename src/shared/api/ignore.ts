import * as z from 'zod/mini';
import { userIdParamSchema } from '../entities/ids';
import { publicUserSchema } from '../entities/user';
import { endpoint } from './endpoint';

export const ignoreParamsSchema = z.object({ id: userIdParamSchema, targetId: userIdParamSchema });
export const ignoredParamsSchema = z.object({ id: userIdParamSchema });

export const ignoreEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/users/:id/ignored',
    auth: 'session',
    params: ignoredParamsSchema,
    reply: z.object({ ignoredUsers: z.array(publicUserSchema) }),
    summary: 'The people the caller ignores (only their own list: `{id}` must be the caller)',
  }),
  ignore: endpoint({
    method: 'POST',
    path: '/api/users/:id/ignore/:targetId',
    auth: 'session',
    params: ignoreParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary:
      "Ignores a user: their room messages, typing and reactions stop reaching the caller's tabs; their private messages, mentions and friend requests are refused quietly",
  }),
  unignore: endpoint({
    method: 'DELETE',
    path: '/api/users/:id/ignore/:targetId',
    auth: 'session',
    params: ignoreParamsSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: 'Stops ignoring a user',
  }),
};
