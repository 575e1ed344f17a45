import type * as z from 'zod/mini';
import { ERROR_MESSAGES, firstIssueCode } from '../../shared/api/errors';
import type { ClientToServerEvents, SocketErrorPayload } from '../../shared/realtime/protocol';
import { AppError } from '../http/errors';
import type { AppSocket } from './types';

type Reply = (reply: unknown) => void;
type Listener = (...args: unknown[]) => void;

export interface HandlerLog {
  error(object: unknown, message: string): void;
}

export function toSocketError(error: unknown, action: string): SocketErrorPayload {
  if (error instanceof AppError) return { code: error.code, message: error.message, action };
  return { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, action };
}

/**
 * Registers a client event: the payload is parsed with its shared schema, the handler runs, and
 * the outcome goes back through the acknowledgement if the client gave one, else failures are
 * sent as an `error` event. A bad payload never throws out of here.
 */
export function onEvent<S extends z.ZodMiniType, R extends object | void>(
  socket: AppSocket,
  event: keyof ClientToServerEvents,
  schema: S,
  handler: (payload: z.output<S>) => Promise<R>,
  log: HandlerLog,
): void {
  const listener: Listener = (...args) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as Reply) : undefined;
    const raw = ack && args.length === 1 ? undefined : args[0];
    void (async () => {
      try {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw new AppError(firstIssueCode(parsed.error), 400);
        const result = await handler(parsed.data);
        ack?.({ ok: true, ...(result ?? {}) });
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error, event }, 'socket handler failed');
        const payload = toSocketError(error, event);
        if (ack) ack({ ok: false, ...payload });
        else socket.emit('error', payload);
      }
    })();
  };
  (socket as unknown as { on(event: string, listener: Listener): void }).on(event, listener);
}
