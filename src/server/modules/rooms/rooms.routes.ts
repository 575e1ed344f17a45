import type { FastifyInstance } from 'fastify';
import { roomsEndpoints } from '../../../shared/api/rooms';
import { actorOf, route } from '../../http/route';
import type { SessionCookies } from '../auth/request-session';
import type { RoomsService } from './rooms.service';

export function registerRoomsRoutes(fastify: FastifyInstance, deps: { rooms: RoomsService; cookies: SessionCookies }) {
  const { rooms } = deps;

  route(fastify, roomsEndpoints.list, deps, async () => ({ rooms: await rooms.list() }));

  route(fastify, roomsEndpoints.lock, deps, async ({ session, params, body }) => ({
    room: await rooms.setLock(actorOf(session), params.id, body.isLocked),
  }));

  route(fastify, roomsEndpoints.chatLock, deps, async ({ session, params, body }) => ({
    room: await rooms.setChatLock(actorOf(session), params.id, body),
  }));
}
