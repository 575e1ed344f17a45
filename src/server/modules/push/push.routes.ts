import type { FastifyInstance } from 'fastify';
import { pushEndpoints } from '../../../shared/api/push';
import { route, type SessionReader } from '../../http/route';
import type { PushService } from './push.service';

export function registerPushRoutes(fastify: FastifyInstance, deps: { push: PushService; cookies: SessionReader }) {
  const { push } = deps;

  route(fastify, pushEndpoints.state, deps, ({ session }) => push.state(session.user.id));

  route(fastify, pushEndpoints.subscribe, deps, async ({ session, body }) => {
    await push.subscribe(session.user.id, body);
    return { ok: true as const };
  });

  route(fastify, pushEndpoints.unsubscribe, deps, async ({ session, body }) => {
    await push.unsubscribe(session.user.id, body.endpoint);
    return { ok: true as const };
  });

  route(fastify, pushEndpoints.settings, deps, async ({ session, body }) => ({
    settings: await push.setSettings(session.user.id, body),
  }));
}
