import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** Spec §9 "Health score bands", best first. */
export const HEALTH_BANDS = ['excellent', 'good', 'fair', 'poor', 'critical'] as const;
export type HealthBand = (typeof HEALTH_BANDS)[number];

/** How the page reached the server when it measured: the socket's transport, or HTTP polling. */
export const REPORT_TRANSPORTS = ['websocket', 'polling', 'http', 'none'] as const;

const finite = (max: number) => z.number().check(z.gte(0), z.lte(max));

/**
 * `POST /api/connection-report`: what the page measured over the last checks (spec §7: timestamp,
 * health, metrics, user agent, connection type). Every number is bounded; strings are short.
 */
export const connectionReportSchema = z.object({
  timestamp: z.number().check(z.int(), z.gte(0)),
  health: z.object({
    score: z.number().check(z.int(), z.gte(0), z.lte(100)),
    band: z.enum(HEALTH_BANDS),
  }),
  metrics: z.object({
    /** Probes that answered, of those sent (0 to 1). */
    successRate: finite(1),
    /** Mean round trip of the answered probes, ms (0 when none answered). */
    latencyMs: finite(120_000),
    samples: z.number().check(z.int(), z.gte(0), z.lte(1000)),
    transport: z.enum(REPORT_TRANSPORTS),
    /** Consecutive failed polls of the HTTP fallback. */
    pollFailures: z._default(z.number().check(z.int(), z.gte(0), z.lte(10_000)), 0),
  }),
  userAgent: z._default(z.string().check(z.maxLength(500)), ''),
  connectionType: z._default(z.string().check(z.maxLength(32)), 'unknown'),
});
export type ConnectionReport = z.output<typeof connectionReportSchema>;

export const pollTokenReplySchema = z.object({ token: z.string(), expiresAt: z.number() });

export const connectionEndpoints = {
  report: endpoint({
    method: 'POST',
    path: '/api/connection-report',
    auth: 'session',
    body: connectionReportSchema,
    reply: z.object({ ok: z.literal(true) }),
    summary: 'The page’s connection health (score, band, success rate, latency); kept 7 days; a few per minute',
  }),
  pollToken: endpoint({
    method: 'POST',
    path: '/api/connection/poll-token',
    auth: 'session',
    reply: pollTokenReplySchema,
    summary:
      'A short-lived bearer token for `/since` polling, bound to this session (dies with it); sent only in `Authorization`',
  }),
};
