import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { CurrentSession, SessionCookies } from './request-session';

/** A poll token lives 15 minutes; the page asks for a fresh one well before. */
export const POLL_TOKEN_TTL_MS = 15 * 60_000;
const VERSION = 'p1';

/**
 * Bearer tokens for `/since` polling (spec §7 "Bearer token optional"). A token names the session
 * it was issued for (by its stored id, never the cookie's secret), an expiry, and an HMAC over
 * both with a key derived from the site secret for this purpose only. It is worth nothing once the
 * session ends (the session is read on every use), expires within 15 minutes, and is accepted only
 * from the `Authorization` header of the routes that opt in — never from a URL, never as a cookie.
 */
export function createPollTokens(deps: {
  secret: string;
  clock: Clock;
  findSession: (sessionId: string) => Promise<CurrentSession | undefined>;
}) {
  const key = createHmac('sha256', deps.secret).update('majlis poll token v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function issue(sessionId: string): { token: string; expiresAt: number } {
    const expiresAt = deps.clock.now() + POLL_TOKEN_TTL_MS;
    const body = `${VERSION}.${Buffer.from(sessionId).toString('base64url')}.${expiresAt}`;
    return { token: `${body}.${mac(body)}`, expiresAt };
  }

  /** The live session a token stands for, or null (bad form, bad signature, expired, session over). */
  async function resolve(token: string): Promise<CurrentSession | null> {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) return null;
    const [version, encodedId, expiry, signature] = parts as [string, string, string, string];
    const expected = Buffer.from(mac(`${version}.${encodedId}.${expiry}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (!/^\d{1,16}$/.test(expiry) || Number(expiry) <= deps.clock.now()) return null;
    return (await deps.findSession(Buffer.from(encodedId, 'base64url').toString())) ?? null;
  }

  /** The bearer token of a request's `Authorization` header, if it has one. */
  function bearerOf(request: FastifyRequest): string | null {
    const header = request.headers.authorization;
    if (typeof header !== 'string') return null;
    const match = /^Bearer ([A-Za-z0-9_.-]{1,512})$/.exec(header.trim());
    return match?.[1] ?? null;
  }

  /**
   * The session cookies of a route that also accepts a poll token: the cookie first, else the
   * bearer token. Only `current` (what `route()` reads) changes.
   */
  function orCookie(cookies: SessionCookies): SessionCookies {
    const memo = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
    return {
      ...cookies,
      current(request) {
        let found = memo.get(request);
        if (!found) {
          found = cookies.current(request).then((byCookie) => {
            if (byCookie) return byCookie;
            const token = bearerOf(request);
            return token ? resolve(token) : null;
          });
          memo.set(request, found);
        }
        return found;
      },
    };
  }

  return { issue, resolve, orCookie };
}

export type PollTokens = ReturnType<typeof createPollTokens>;
