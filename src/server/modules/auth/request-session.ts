import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { deviceIdSchema } from '../../../shared/api/auth';
import { DEVICE_ID_HEADER, SESSION } from '../../../shared/constants';
import { AppError } from '../../errors';
import type { CurrentSession } from '../../http/route';
import type { AuthService, ClientContext } from './auth.service';

export type { CurrentSession };

/** Reads and writes the session cookie, for HTTP requests and the socket handshake alike. */
export function createSessionCookies(fastify: FastifyInstance, auth: AuthService, secure: boolean) {
  const memo = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

  /** The raw token from a Cookie header, if its signature is valid. */
  function tokenFromCookieHeader(header: string | undefined): string | null {
    if (!header) return null;
    const signed = fastify.parseCookie(header)[SESSION.cookieName];
    if (!signed) return null;
    const unsigned = fastify.unsignCookie(signed);
    return unsigned.valid && unsigned.value ? unsigned.value : null;
  }

  function current(request: FastifyRequest): Promise<CurrentSession | null> {
    let found = memo.get(request);
    if (!found) {
      const token = tokenFromCookieHeader(request.headers.cookie);
      found = token ? auth.resolve(token) : Promise.resolve(null);
      memo.set(request, found);
    }
    return found;
  }

  return {
    tokenFromCookieHeader,
    current,
    resolveToken: (token: string) => auth.resolve(token),

    async require(request: FastifyRequest): Promise<CurrentSession> {
      const found = await current(request);
      if (!found) throw new AppError('UNAUTHORIZED', 401);
      return found;
    },

    /** Device id, address and browser of a request, plus its current session. */
    async context(request: FastifyRequest): Promise<ClientContext> {
      const header = request.headers[DEVICE_ID_HEADER];
      let deviceId: string | null = null;
      if (typeof header === 'string' && header !== '') {
        const parsed = deviceIdSchema.safeParse(header);
        if (!parsed.success) throw new AppError('DEVICE_ID_INVALID', 400);
        deviceId = parsed.data;
      }
      return {
        deviceId,
        ip: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
        current: await current(request),
      };
    },

    set(reply: FastifyReply, token: string, ttlMs: number): void {
      reply.setCookie(SESSION.cookieName, token, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: Math.floor(ttlMs / 1000),
      });
    },

    clear(reply: FastifyReply): void {
      reply.clearCookie(SESSION.cookieName, { path: '/' });
    },
  };
}

export type SessionCookies = ReturnType<typeof createSessionCookies>;
