import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '../../../shared/api/auth';
import { connectionEndpoints } from '../../../shared/api/connection';
import { route } from '../../http/route';
import type { PresenceService } from '../presence';
import { toSelfUser } from '../users';
import type { AuthService, SignedIn } from './auth.service';
import type { PollTokens } from './poll-token';
import type { SessionCookies } from './request-session';

export function registerAuthRoutes(
  fastify: FastifyInstance,
  deps: {
    auth: AuthService;
    cookies: SessionCookies;
    pollTokens: PollTokens;
    presence: PresenceService;
    attemptsPerMinute: number;
  },
) {
  const { auth, cookies, presence, pollTokens } = deps;
  /** A limit on sign-in attempts per address: guessing passwords or names is slow. */
  const limited = { cookies, config: { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } } };

  async function signedIn(result: SignedIn, setCookie: (token: string, ttlMs: number) => void) {
    if (result.token) setCookie(result.token, result.ttlMs);
    return { user: toSelfUser(result.user, await presence.isOnline(result.user.id)) };
  }

  route(fastify, authEndpoints.guest, limited, async ({ body, request, reply }) => {
    const result = await auth.enterAsGuest(body, await cookies.context(request));
    return signedIn(result, (token, ttl) => cookies.set(reply, token, ttl));
  });

  route(fastify, authEndpoints.register, limited, async ({ body, request, reply }) => {
    const result = await auth.register(body, await cookies.context(request));
    reply.code(201);
    return signedIn(result, (token, ttl) => cookies.set(reply, token, ttl));
  });

  route(fastify, authEndpoints.login, limited, async ({ body, request, reply }) => {
    const result = await auth.login(body, await cookies.context(request));
    return signedIn(result, (token, ttl) => cookies.set(reply, token, ttl));
  });

  route(fastify, authEndpoints.session, deps, async ({ session }) => ({
    user: session ? toSelfUser(session.user, await presence.isOnline(session.user.id)) : null,
  }));

  route(fastify, authEndpoints.logout, deps, async ({ session, reply }) => {
    if (session) await auth.logout(session.session.id);
    cookies.clear(reply);
    return { ok: true as const };
  });

  // A bearer token for the polling fallback's `/since`, bound to this session (dies with it).
  route(fastify, connectionEndpoints.pollToken, deps, async ({ session }) => pollTokens.issue(session.session.id));
}
