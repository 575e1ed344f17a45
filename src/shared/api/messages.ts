import { z } from 'zod';
import { MESSAGES } from '../constants';
import { roomIdSchema } from '../entities/room';

export const roomParamsSchema = z.object({ roomId: roomIdSchema });

/** `GET /api/messages/room/{roomId}/latest?limit=12` */
export const latestQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES.latestMaxLimit).default(MESSAGES.latestOnEntry),
});

/** `GET /api/messages/room/{roomId}/since?limit=500&sinceId=N`: catch-up after a reconnect. */
export const sinceQuerySchema = z.object({
  sinceId: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(MESSAGES.sinceMaxLimit).default(MESSAGES.sinceMaxLimit),
});
