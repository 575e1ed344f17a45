import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../../shared/api/auth';
import { route } from '../../http/route';
import type { PresenceService } from '../presence';
import { toSelfUser } from '../users';
import type { CredentialsService } from './credentials.service';
import type { SessionCookies } from './request-session';

export function registerCredentialsRoutes(
  fastify: FastifyInstance,
  deps: {
    credentials: CredentialsService;
    cookies: SessionCookies;
    presence: PresenceService;
    attemptsPerMinute: number;
  },
) {
  const { credentials, cookies, presence } = deps;
  /** Password checks are as limited as sign-in: guessing is slow. */
  const limited = { cookies, config: { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } } };

  route(fastify, authEndpoints.upgrade, limited, async ({ session, body, request, reply }) => {
    const { user, ttlMs } = await credentials.upgrade(session, body.password);
    // The same session, kept longer: the cookie is set again with the member's lifetime.
    const token = cookies.tokenFromCookieHeader(request.headers.cookie);
    if (token) cookies.set(reply, token, ttlMs);
    return { user: toSelfUser(user, await presence.isOnline(user.id)) };
  });

  route(fastify, authEndpoints.changePassword, limited, async ({ session, body }) => {
    await credentials.changePassword(session, body.currentPassword, body.newPassword);
    return { ok: true as const };
  });

  route(fastify, authEndpoints.sessions, deps, async ({ session }) => ({
    sessions: await credentials.list(session),
  }));

  route(fastify, authEndpoints.endSession, deps, async ({ session, params, reply }) => {
    const { wasCurrent } = await credentials.end(session, params.sessionId);
    if (wasCurrent) cookies.clear(reply);
    return { ok: true as const };
  });
}
