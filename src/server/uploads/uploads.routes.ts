import type { FastifyInstance } from 'fastify';
import { ROOM_ICON_NAME, ROOM_ICONS_URL, type RoomIconStore } from './room-icons';
import { serveStoredWebp } from './serve-webp';

/** Serves stored room pictures (a hash and `.webp`). */
export function registerUploadRoutes(fastify: FastifyInstance, deps: { roomIcons: RoomIconStore }): void {
  serveStoredWebp(fastify, { url: ROOM_ICONS_URL, name: ROOM_ICON_NAME, dir: deps.roomIcons.dir });
}
