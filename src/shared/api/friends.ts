import * as z from 'zod/mini';
import { userIdParamSchema, userIdSchema } from '../entities/ids';
import { publicUserSchema } from '../entities/user';
import { endpoint } from './endpoint';

export const friendRequestSchema = z.object({
  id: z.int(),
  from: publicUserSchema,
  to: publicUserSchema,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

export const friendSchema = z.object({ user: publicUserSchema, since: z.string() });
export type Friend = z.infer<typeof friendSchema>;

export const requestIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'FRIEND_REQUEST_NOT_FOUND' })
    .check(
      z.int({ error: 'FRIEND_REQUEST_NOT_FOUND' }),
      z.positive({ error: 'FRIEND_REQUEST_NOT_FOUND' }),
      z.lte(2_147_483_647, { error: 'FRIEND_REQUEST_NOT_FOUND' }),
    ),
});
export const friendParamsSchema = z.object({ userId: userIdParamSchema });

const ok = z.object({ ok: z.literal(true) });

export const friendsEndpoints = {
  request: endpoint({
    method: 'POST',
    path: '/api/friends/requests',
    auth: 'session',
    body: z.object({ userId: userIdSchema }),
    reply: z.object({ request: z.nullable(friendRequestSchema), friend: z.nullable(friendSchema) }),
    summary:
      'Asks a user to be friends (`friendRequestReceived` to them); if they had already asked, the two become friends at once',
  }),
  accept: endpoint({
    method: 'POST',
    path: '/api/friends/requests/:id/accept',
    auth: 'session',
    params: requestIdParamsSchema,
    reply: z.object({ friend: friendSchema }),
    summary: 'Accepts a request made to the caller: `friendRequestAccepted` to the asker, `friendAdded` to both',
  }),
  decline: endpoint({
    method: 'POST',
    path: '/api/friends/requests/:id/decline',
    auth: 'session',
    params: requestIdParamsSchema,
    reply: ok,
    summary: 'Declines a request made to the caller (the asker is not told)',
  }),
  cancel: endpoint({
    method: 'DELETE',
    path: '/api/friends/requests/:id',
    auth: 'session',
    params: requestIdParamsSchema,
    reply: ok,
    summary: 'Withdraws a request the caller made',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/friends/:userId',
    auth: 'session',
    params: friendParamsSchema,
    reply: ok,
    summary: 'Ends a friendship; both get `friendRemoved`',
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/friends',
    auth: 'session',
    reply: z.object({ friends: z.array(friendSchema) }),
    summary: "The caller's friends, with whether each is online",
  }),
  requests: endpoint({
    method: 'GET',
    path: '/api/friends/requests',
    auth: 'session',
    reply: z.object({ incoming: z.array(friendRequestSchema), outgoing: z.array(friendRequestSchema) }),
    summary: 'Pending requests made to the caller and by the caller',
  }),
};
