import type { FastifyInstance } from 'fastify';
import { AVATAR_NAME, AVATARS_URL, type AvatarStore } from './avatars';
import { serveStoredWebp } from '../../uploads/serve-webp';

/** Serves stored avatars (a name is its content's hash, so a new avatar is a new address). */
export function registerAvatarRoutes(fastify: FastifyInstance, deps: { avatars: AvatarStore }): void {
  serveStoredWebp(fastify, { url: AVATARS_URL, name: AVATAR_NAME, dir: deps.avatars.dir });
}
