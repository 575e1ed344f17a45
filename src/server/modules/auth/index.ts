import type { FastifyInstance } from 'fastify';
import { LAST_SEEN_REFRESH_MS } from '../../../shared/constants';
import type { Timer } from '../../clock';
import type { HandshakeSessions } from '../../realtime/io';
import type { ModerationModule } from '../moderation';
import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import type { UsersModule } from '../users';
import { announceSessionsEnded } from './auth.gateway';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { registerCredentialsRoutes } from './credentials.routes';
import { createCredentialsService } from './credentials.service';
import { createPollTokens, type PollTokens } from './poll-token';
import { createSessionCookies, type SessionCookies } from './request-session';
import { createSessionsRepo, type SessionsRepo } from './sessions.repo';
import { sessionsRetention } from './sessions.retention';
import { createLoginBackoff } from './login-backoff';

export { sessionsRetention } from './sessions.retention';
export { LOGIN_FREE_FAILURES, backoffMs } from './login-backoff';
export type { SessionCookies } from './request-session';
export type { SessionsRepo } from './sessions.repo';
export type { PollTokens } from './poll-token';
export { POLL_TOKEN_TTL_MS } from './poll-token';
/** A session's stored id, from the cookie's token (a per-session rate-limit key). */
export { sessionIdOf } from './session-token';
/** Passwords, for the modules and tools that check or set one outside sign-in. */
export { hashPassword, verifyPassword } from './password';

export interface AuthModule extends Module {
  /** The session cookie: what `route()` reads, and what sign-in writes. */
  cookies: SessionCookies;
  sessions: SessionsRepo;
  /** The polling fallback's bearer tokens (a route that accepts them asks `pollTokens.orCookie`). */
  pollTokens: PollTokens;
  /** The sessions a socket handshake opens. */
  handshake: HandshakeSessions;
}

const EXPIRED_SESSIONS_EVERY_MS = 60 * 60_000;

/**
 * Sign-in and sessions: visitors, members and logins; the session cookie (HTTP and socket
 * handshake alike) and the polling fallback's tokens; a person's own credentials and sessions.
 */
export function createAuthModule(
  core: Core,
  deps: {
    fastify: FastifyInstance;
    users: Pick<UsersModule, 'repo'>;
    presence: Pick<PresenceModule, 'service'>;
    moderation: Pick<ModerationModule, 'sanctions' | 'words'>;
  },
): AuthModule {
  const { config, clock, bus } = core;
  const presence = deps.presence.service;
  const users = deps.users.repo;
  const sessions = createSessionsRepo(core.db);
  const auth = createAuthService({
    backoff: createLoginBackoff({ redis: core.redis, prefix: config.redisPrefix, now: () => clock.now() }),
    users,
    sessions,
    presence,
    bus,
    mayEnter: (subject) => deps.moderation.sanctions.assertMayEnter(subject),
    screenName: (name) => deps.moderation.words.screenName(name),
  });
  const credentials = createCredentialsService({ users, sessions, bus });
  const cookies = createSessionCookies(deps.fastify, auth, config.publicUrl.startsWith('https://'));
  const pollTokens = createPollTokens({
    secret: config.sessionSecret,
    clock,
    findSession: (sessionId) => sessions.findLive(sessionId),
  });
  /** Sockets per session on this node: the sessions whose last-seen this node refreshes. */
  const connected = new Map<string, number>();
  const timers: Timer[] = [];
  const limited = { attemptsPerMinute: config.authAttemptsPerMinute };
  return {
    name: 'auth',
    retention: [sessionsRetention(core.db, config.retention)],
    cookies,
    sessions,
    pollTokens,
    handshake: {
      async fromCookieHeader(header) {
        const token = cookies.tokenFromCookieHeader(header);
        return token ? cookies.resolveToken(token) : null;
      },
      setDeviceId: (sessionId, deviceId) => sessions.setDeviceId(sessionId, deviceId),
    },
    start() {
      timers.push(
        clock.every(
          LAST_SEEN_REFRESH_MS,
          () =>
            void core.writes
              .track(sessions.touch([...connected.keys()]))
              .catch(core.logError('last-seen refresh failed')),
        ),
        clock.every(EXPIRED_SESSIONS_EVERY_MS, () => void sessions.deleteExpired().catch(() => undefined)),
      );
    },
    routes(fastify) {
      registerAuthRoutes(fastify, { auth, cookies, presence, pollTokens, ...limited });
      registerCredentialsRoutes(fastify, { credentials, cookies, presence, ...limited });
    },
    gateway: announceSessionsEnded,
    onConnect(socket) {
      const { sessionId } = socket.data;
      connected.set(sessionId, (connected.get(sessionId) ?? 0) + 1);
    },
    onDisconnect(socket) {
      const { sessionId } = socket.data;
      const left = (connected.get(sessionId) ?? 1) - 1;
      if (left > 0) connected.set(sessionId, left);
      else connected.delete(sessionId);
    },
    stop() {
      for (const timer of timers) timer.cancel();
    },
  };
}
