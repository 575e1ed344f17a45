import type { FastifyInstance } from 'fastify';
import { guestBodySchema, loginBodySchema, registerBodySchema } from '../../../shared/api/auth';
import { parseInput } from '../../http/errors';
import type { PresenceService } from '../presence/presence.service';
import { toSelfUser } from '../users/users.presenter';
import type { AuthService, SignedIn } from './auth.service';
import type { SessionCookies } from './request-session';

export function registerAuthRoutes(
  fastify: FastifyInstance,
  deps: {
    auth: AuthService;
    cookies: SessionCookies;
    presence: PresenceService;
    disconnectSession: (sessionId: string) => void;
    attemptsPerMinute: number;
  },
) {
  const { auth, cookies, presence } = deps;
  /** A limit on sign-in attempts per address: guessing passwords or names is slow. */
  const AUTH_RATE_LIMIT = { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } };

  async function reply(signedIn: SignedIn, setCookie: (token: string, ttlMs: number) => void) {
    if (signedIn.token) setCookie(signedIn.token, signedIn.ttlMs);
    return { user: toSelfUser(signedIn.user, await presence.isOnline(signedIn.user.id)) };
  }

  fastify.post('/api/auth/guest', { config: AUTH_RATE_LIMIT }, async (request, res) => {
    const body = parseInput(guestBodySchema, request.body);
    const signedIn = await auth.enterAsGuest(body, await cookies.context(request));
    return reply(signedIn, (token, ttl) => cookies.set(res, token, ttl));
  });

  fastify.post('/api/auth/register', { config: AUTH_RATE_LIMIT }, async (request, res) => {
    const body = parseInput(registerBodySchema, request.body);
    const signedIn = await auth.register(body, await cookies.context(request));
    res.code(201);
    return reply(signedIn, (token, ttl) => cookies.set(res, token, ttl));
  });

  fastify.post('/api/auth/login', { config: AUTH_RATE_LIMIT }, async (request, res) => {
    const body = parseInput(loginBodySchema, request.body);
    const signedIn = await auth.login(body, await cookies.context(request));
    return reply(signedIn, (token, ttl) => cookies.set(res, token, ttl));
  });

  fastify.get('/api/auth/session', async (request) => {
    const current = await cookies.current(request);
    if (!current) return { user: null };
    return { user: toSelfUser(current.user, await presence.isOnline(current.user.id)) };
  });

  fastify.post('/api/auth/logout', async (request, res) => {
    const current = await cookies.current(request);
    if (current) {
      await auth.logout(current.session.id);
      deps.disconnectSession(current.session.id);
    }
    cookies.clear(res);
    return { ok: true };
  });
}
