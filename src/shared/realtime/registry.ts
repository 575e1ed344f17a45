/**
 * The building blocks of the socket registry: how a feature declares its client events (payload
 * schema, acknowledgement, summary), its server events and its `message` envelope types. Each
 * feature's file (rooms.ts, messages.ts, voice.ts…) declares its own; `protocol.ts` gathers them.
 */
import * as z from 'zod/mini';
import type { ErrorCode } from '../api/errors';

export interface ClientEventSpec<P extends z.ZodMiniType, A extends z.ZodMiniType | null> {
  payload: P;
  /** The acknowledgement's data on success (null: the event takes no acknowledgement). */
  ack: A;
  summary: string;
}

export function clientEvent<P extends z.ZodMiniType, A extends z.ZodMiniType | null = null>(
  summary: string,
  payload: P,
  ack: A = null as A,
): ClientEventSpec<P, A> {
  return { payload, ack, summary };
}

export interface ServerEventSpec<S extends z.ZodMiniType> {
  schema: S;
  summary: string;
}

export const serverEvent = <S extends z.ZodMiniType>(summary: string, schema: S): ServerEventSpec<S> => ({
  schema,
  summary,
});

/** A type of the `message` envelope (spec §7): `{type, …fields}`. */
export function envelope<T extends string, F extends z.core.$ZodLooseShape>(type: T, summary: string, fields: F) {
  return { summary, schema: z.object({ type: z.literal(type), ...fields }) };
}

export const socketErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The event that was refused. */
  action: z.optional(z.string()),
  /** Seconds left on a temporary restriction. */
  timeLeft: z.optional(z.number()),
});
export interface SocketErrorPayload extends z.infer<typeof socketErrorSchema> {
  code: ErrorCode;
}

export type AckReply<T> = ({ ok: true } & T) | ({ ok: false } & SocketErrorPayload);
export type Ack<T> = (reply: AckReply<T>) => void;
