import * as z from 'zod/mini';
import { messageIdParamSchema, userIdSchema } from '../entities/ids';
import { reportSchema } from '../entities/moderation';
import { endpoint } from './endpoint';

export const createReportBodySchema = z
  .object({
    messageId: z.optional(z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'MESSAGE_NOT_FOUND' })))),
    userId: z.optional(userIdSchema),
    reason: z
      .string({ error: 'REPORT_REASON_REQUIRED' })
      .check(
        z.trim(),
        z.minLength(1, { error: 'REPORT_REASON_REQUIRED' }),
        z.maxLength(300, { error: 'REASON_TOO_LONG' }),
      ),
  })
  .check(
    z.refine((body) => body.messageId !== undefined || body.userId !== undefined, {
      error: 'REPORT_TARGET_REQUIRED',
    }),
  );

export const reportIdParamsSchema = z.object({
  id: z.pipe(messageIdParamSchema, z.int().check(z.positive({ error: 'REPORT_NOT_FOUND' }))),
});

export const handleReportBodySchema = z.object({
  status: z.enum(['actioned', 'dismissed']),
  /** What the reporter is told (optional; a standard sentence otherwise). */
  outcome: z.optional(z.string().check(z.trim(), z.maxLength(300, { error: 'REASON_TOO_LONG' }))),
});

export const reportsEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/api/reports',
    auth: 'session',
    body: createReportBodySchema,
    reply: z.object({ report: reportSchema }),
    summary: 'Report a message or a person (any signed-in user); staff see it at once',
  }),
  queue: endpoint({
    method: 'GET',
    path: '/api/reports',
    auth: 'session',
    query: z.object({ status: z._default(z.enum(['open', 'actioned', 'dismissed']), 'open') }),
    reply: z.object({ reports: z.array(reportSchema) }),
    summary: 'The report queue, oldest first (staff)',
  }),
  handle: endpoint({
    method: 'PUT',
    path: '/api/reports/:id',
    auth: 'session',
    params: reportIdParamsSchema,
    body: handleReportBodySchema,
    reply: z.object({ report: reportSchema }),
    summary: 'Close a report as actioned or dismissed (staff); the reporter is told the outcome',
  }),
};
