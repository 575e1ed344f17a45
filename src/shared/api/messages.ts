import * as z from 'zod/mini';
import { MESSAGES } from '../constants';
import { roomIdSchema } from '../entities/room';

export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/** `GET /api/messages/room/{roomId}/latest?limit=12` */
export const latestQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.latestMaxLimit)), MESSAGES.latestOnEntry),
});

/** `GET /api/messages/room/{roomId}/since?limit=500&sinceId=N`: catch-up after a reconnect. */
export const sinceQuerySchema = z.object({
  sinceId: z.coerce.number().check(z.int(), z.gte(0)),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MESSAGES.sinceMaxLimit)), MESSAGES.sinceMaxLimit),
});
