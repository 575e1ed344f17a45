import * as z from 'zod/mini';
import type { ResolvedPage } from '../pages/page-data';
import { endpoint } from './endpoint';

export const pingReplySchema = z.object({ ok: z.literal(true), serverTime: z.number() });

/** `GET /api/pages?path=/egypt/cairo`: what a page is, for the development server. */
export const pageQuerySchema = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(512), z.startsWith('/')),
});

/** The parts the site depends on; `down` names those not answering. */
export const HEALTH_PARTS = ['database', 'redis'] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** The database's driver (`pglite`, `postgres`). */
  database: z.string(),
  /** Whether Redis answers; absent when the site runs without it (one node). */
  redis: z.optional(z.enum(['ok', 'down'])),
  /** What is not answering now (empty when all is well). */
  down: z.array(z.enum(HEALTH_PARTS)),
  uptimeSeconds: z.optional(z.number()),
});

/** One retention pass: when, where it ran (`node` or `cli`), rows deleted per kind, kinds that failed. */
export const retentionRunSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  source: z.string(),
  durationMs: z.number(),
  counts: z.record(z.string(), z.number()),
  failed: z.array(z.string()),
});
export type RetentionRunInfo = z.infer<typeof retentionRunSchema>;

export const systemEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    reply: healthSchema,
    summary: 'Database and Redis reachable (200), or what is down (503)',
  }),
  healthDetails: endpoint({
    method: 'GET',
    path: '/api/health/details',
    auth: 'session',
    reply: z.object({
      ...healthSchema.shape,
      retention: z.nullable(retentionRunSchema),
      retentionPeriods: z.object({ publicDays: z.number(), privateDays: z.number(), securityDays: z.number() }),
    }),
    summary: "The owner's view: health, the last retention pass and its counts, the periods kept",
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
