import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginCheck = (origin: string, host: string | undefined) => boolean;

/**
 * The origins whose pages may act on this site: its public address plus an allow-list. Without a
 * configured PUBLIC_URL (a developer's machine, a phone on the same network) the site is whatever
 * host the browser asked for: the browser sets Host itself, so another site's page cannot match it.
 */
export function originChecker(
  publicUrl: string,
  allowed: readonly string[],
  options: { trustHost: boolean },
): OriginCheck {
  const origins = new Set([new URL(publicUrl).origin, ...allowed.map((entry) => new URL(entry).origin)]);
  return (origin, host) =>
    origins.has(origin) ||
    (options.trustHost && host !== undefined && (origin === `http://${host}` || origin === `https://${host}`));
}

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Refuses state-changing requests sent by another site's page (cross-site request forgery): a
 * browser always says where such a request comes from (Origin, or at least Referer). Requests
 * without either come from programs, which cannot borrow a visitor's cookie.
 */
export function refuseCrossSiteRequests(fastify: FastifyInstance, isAllowed: OriginCheck): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers.origin;
    const origin = typeof header === 'string' ? header : originOf(request.headers.referer);
    if (origin !== undefined && !isAllowed(origin, request.headers.host)) {
      request.log.warn({ origin }, 'cross-site request refused');
      return reply.code(403).send(errorBody('FORBIDDEN_ORIGIN'));
    }
  });
}
