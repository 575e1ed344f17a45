import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origins whose pages may act on this site: its public address plus an allow-list. */
export function originChecker(publicUrl: string, allowed: readonly string[]): (origin: string) => boolean {
  const origins = new Set([new URL(publicUrl).origin, ...allowed.map((entry) => new URL(entry).origin)]);
  return (origin) => origins.has(origin);
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
export function refuseCrossSiteRequests(fastify: FastifyInstance, isAllowed: (origin: string) => boolean): void {
  fastify.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const header = request.headers.origin;
    const origin = typeof header === 'string' ? header : originOf(request.headers.referer);
    if (origin !== undefined && !isAllowed(origin)) {
      request.log.warn({ origin }, 'cross-site request refused');
      return reply.code(403).send(errorBody('FORBIDDEN_ORIGIN'));
    }
  });
}
