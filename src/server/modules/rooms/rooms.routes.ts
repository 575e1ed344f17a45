import type { FastifyInstance } from 'fastify';
import type { RoomsService } from './rooms.service';

export function registerRoomsRoutes(fastify: FastifyInstance, deps: { rooms: RoomsService }) {
  fastify.get('/api/rooms', async () => ({ rooms: await deps.rooms.list() }));
}
