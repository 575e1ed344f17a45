import * as z from 'zod/mini';
import type { ResolvedPage } from '../pages/page-data';
import { endpoint } from './endpoint';

export const pingReplySchema = z.object({ ok: z.literal(true), serverTime: z.number() });

/** `GET /api/pages?path=/egypt/cairo`: what a page is, for the development server. */
export const pageQuerySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(512), z.startsWith('/')),
});

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    reply: z.object({
      status: z.enum(['ok', 'degraded']),
      database: z.string(),
      uptimeSeconds: z.optional(z.number()),
    }),
    summary: 'Database reachable (200) or not (503)',
  }),
  ping: endpoint({
    method: 'GET',
    path: '/api/ping',
    auth: 'none',
    reply: pingReplySchema,
    summary: 'Marks the caller as just seen',
  }),
  pingBeacon: endpoint({
    method: 'POST',
    path: '/api/ping',
    auth: 'none',
    reply: pingReplySchema,
    summary: 'The same, as the beacon sent when the page is hidden',
  }),
  page: endpoint({
    method: 'GET',
    path: '/api/pages',
    auth: 'none',
    query: pageQuerySchema,
    reply: z.custom<ResolvedPage>(),
    summary: 'What a page is (the development server renders pages from it)',
  }),
};
