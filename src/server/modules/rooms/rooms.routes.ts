import type { FastifyInstance } from 'fastify';
import { roomsEndpoints } from '../../../shared/api/rooms';
import { actorOf, route, type SessionReader } from '../../http/route';
import { serveStoredWebp } from '../../uploads/serve-webp';
import { ROOM_ICON_NAME, ROOM_ICONS_URL, type RoomIconStore } from './room-icons';
import type { RoomsService } from './rooms.service';

export function registerRoomsRoutes(
  fastify: FastifyInstance,
  deps: { rooms: RoomsService; icons: RoomIconStore; cookies: SessionReader },
) {
  const { rooms, icons } = deps;

  route(fastify, roomsEndpoints.list, deps, async () => ({ rooms: await rooms.list() }));

  route(fastify, roomsEndpoints.create, deps, async ({ session, body, files, reply }) => {
    const { name, description, isBroadcast } = body;
    const room = await rooms.create(actorOf(session), { name, description, isBroadcast }, files.image);
    reply.code(201);
    return { room };
  });

  route(fastify, roomsEndpoints.remove, deps, async ({ session, params }) => ({
    ok: true as const,
    ...(await rooms.remove(actorOf(session), params.id)),
  }));

  route(fastify, roomsEndpoints.icon, deps, async ({ session, params, files }) => ({
    room: await rooms.setIcon(actorOf(session), params.id, files.image),
  }));

  route(fastify, roomsEndpoints.lock, deps, async ({ session, params, body }) => ({
    room: await rooms.setLock(actorOf(session), params.id, body.isLocked),
  }));

  route(fastify, roomsEndpoints.chatLock, deps, async ({ session, params, body }) => ({
    room: await rooms.setChatLock(actorOf(session), params.id, body),
  }));

  // Pinning is the messages module's (it finds the message in the room); unpinning needs no message.
  route(fastify, roomsEndpoints.unpin, deps, async ({ session, params }) => ({
    room: await rooms.unpin(actorOf(session), params.id, params.messageId),
  }));

  route(fastify, roomsEndpoints.announcement, deps, async ({ session, params, body }) => ({
    room: await rooms.setAnnouncement(actorOf(session), params.id, body.text),
  }));

  route(fastify, roomsEndpoints.welcome, deps, async ({ session, params, body }) => ({
    room: await rooms.setWelcome(actorOf(session), params.id, body.text),
  }));

  route(fastify, roomsEndpoints.slowMode, deps, async ({ session, params, body }) => ({
    room: await rooms.setSlowMode(actorOf(session), params.id, body.seconds),
  }));

  // The stored pictures themselves (a hash and `.webp`).
  serveStoredWebp(fastify, { url: ROOM_ICONS_URL, name: ROOM_ICON_NAME, dir: icons.dir });
}
