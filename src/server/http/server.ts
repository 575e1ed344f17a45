import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { createClient } from 'redis';
import type { Config } from '../config';
import { loggingOptions } from '../logger';
import { clientError, frameworkError, registerErrorHandling } from './error-handler';
import { errorBody } from './errors';
import { MULTIPART_LIMITS } from './multipart';
import { refuseCrossSiteRequests, type OriginCheck } from './origin';
import { redisRateLimitStore } from './redis-rate-limit-store';

type RedisClient = ReturnType<typeof createClient>;

/** The HTTP server, before any plugin or route. */
export function createHttpServer(config: Config): FastifyInstance {
  return Fastify({
    ...loggingOptions(config),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Refusals the router makes before any route runs (a malformed or over-long path segment)
    // leave in the same Arabic error body as every other.
    frameworkErrors: frameworkError,
    // …and those Node's HTTP parser makes before the router (headers or URL too long).
    clientErrorHandler: clientError,
  });
}

/**
 * What every request goes through before a module's route: signed cookies, multipart forms, the
 * per-address allowance, compression, security headers, Arabic error bodies, the request id, and
 * the refusal of cross-site writes.
 */
export async function registerHttpBasics(
  fastify: FastifyInstance,
  config: Config,
  isAllowedOrigin: OriginCheck,
  /** With REDIS_URL: the allowances are counted there, once for every node. */
  redis?: RedisClient,
): Promise<void> {
  await fastify.register(cookie, { secret: config.sessionSecret });
  // Uploads: read by `route()` for endpoints with `files`, within these limits.
  await fastify.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Every API call counts against one allowance per address; sign-in routes have a tighter one.
  await fastify.register(rateLimit, {
    global: true,
    max: config.apiRequestsPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(redis
      ? {
          store: redisRateLimitStore(redis, config.redisPrefix),
          // Redis down: requests go on uncounted rather than all refused (the health check says so).
          skipOnError: true,
        }
      : {}),
  });
  // API replies and uncached pages; cached pages and built assets arrive already compressed.
  await fastify.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense, and only binds browsers, when the site is served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  registerErrorHandling(fastify);
  // The request id (ours, or the proxy's X-Request-Id) goes back to the client, to match logs to reports.
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  refuseCrossSiteRequests(fastify, isAllowedOrigin);
}

/** A method or path no route answers: the same Arabic error body as every other refusal. */
export function refuseUnknownRoutes(fastify: FastifyInstance): void {
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND')));
}
