import { ERROR_MESSAGES, firstIssueCode, ROOM_LOCKED_JOIN_MESSAGE } from '../../shared/api/errors';
import {
  clientEvents,
  type AckData,
  type AckReply,
  type ClientEventName,
  type ParsedPayload,
  type SocketErrorPayload,
} from '../../shared/realtime/protocol';
import type { Clock } from '../clock';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { hasForbiddenText, isDataException } from '../http/input-guard';
import { takeToken } from '../limits/token-buckets';
import type { AppSocket } from './types';

/** Every socket may send this many events in a burst, then ten a second, accepted or refused. */
export const EVENT_BUDGET = { capacity: 30, refillMs: 100 } as const;
/** A socket that keeps sending this many events past its budget is cut off. */
const DROPPED_BEFORE_DISCONNECT = 200;

export interface HandlerLog {
  error(object: unknown, message: string): void;
  warn(object: unknown, message: string): void;
}

export interface HandlerContext {
  clock: Clock;
  log: HandlerLog;
}

export function toSocketError(error: unknown, action: string): SocketErrorPayload {
  if (error instanceof AppError)
    return {
      code: error.code,
      message: error.code === 'ROOM_LOCKED' && action === 'joinRoom' ? ROOM_LOCKED_JOIN_MESSAGE : error.message,
      action,
      ...(error.timeLeft === undefined ? {} : { timeLeft: error.timeLeft }),
    };
  if (isDataException(error)) return { code: 'VALIDATION_ERROR', message: ERROR_MESSAGES.VALIDATION_ERROR, action };
  if (isDatabaseUnavailable(error))
    return { code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, action };
  return { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL, action };
}

type Listener = (...args: unknown[]) => void;
type Reply = (reply: unknown) => void;

/** Per socket: how many events were dropped since the last refusal was reported. */
const dropped = new WeakMap<AppSocket, { count: number; reportedAt: number }>();

/**
 * Spends one event from the socket's budget. When it is spent the event is dropped; the client
 * hears about it at most once a second, so a flood of bad input cannot turn into a flood of
 * replies or log lines, and a socket that never stops is disconnected.
 */
function withinBudget(socket: AppSocket, event: string, ack: Reply | undefined, ctx: HandlerContext): boolean {
  const now = ctx.clock.now();
  if (takeToken(socket.data.budget, now, EVENT_BUDGET.capacity, EVENT_BUDGET.refillMs)) return true;
  const state = dropped.get(socket) ?? { count: 0, reportedAt: 0 };
  dropped.set(socket, state);
  state.count++;
  const refusal = { code: 'RATE_LIMITED' as const, message: ERROR_MESSAGES.RATE_LIMITED, action: event };
  if (ack) ack({ ok: false, ...refusal });
  else if (now - state.reportedAt >= 1000) {
    state.reportedAt = now;
    socket.emit('error', refusal);
  }
  if (state.count >= DROPPED_BEFORE_DISCONNECT) {
    ctx.log.warn({ userId: socket.data.userId, dropped: state.count }, 'socket flooding: disconnected');
    socket.disconnect(true);
  }
  return false;
}

/**
 * Registers the handler of one client event of the protocol registry. The payload is checked
 * against the event's own schema (it cannot be registered with another), the handler's result is
 * the acknowledgement's type, and failures go back through the acknowledgement when the client
 * gave one, else as an `error` event. Nothing a client sends can throw out of here.
 */
export function handle<E extends ClientEventName>(
  socket: AppSocket,
  event: E,
  handler: (payload: ParsedPayload<E>) => Promise<AckData<E>>,
  ctx: HandlerContext,
): void {
  const schema = clientEvents[event].payload;
  const listener: Listener = (...args) => {
    const last = args[args.length - 1];
    const ack = typeof last === 'function' ? (last as Reply) : undefined;
    const raw = ack && args.length === 1 ? undefined : args[0];
    if (!withinBudget(socket, event, ack, ctx)) return;
    void (async () => {
      try {
        if (hasForbiddenText(raw)) throw new AppError('INVALID_CHARACTERS', 400);
        const parsed = schema.safeParse(raw);
        if (!parsed.success) throw new AppError(firstIssueCode(parsed.error), 400);
        const result = await handler(parsed.data as ParsedPayload<E>);
        ack?.({ ok: true, ...(result ?? {}) } satisfies AckReply<object>);
      } catch (error) {
        if (isDatabaseUnavailable(error)) ctx.log.warn({ err: error, event }, 'database unavailable');
        else if (!(error instanceof AppError) && !isDataException(error))
          ctx.log.error({ err: error, event }, 'socket handler failed');
        const payload = toSocketError(error, event);
        if (ack) ack({ ok: false, ...payload });
        else socket.emit('error', payload);
      }
    })();
  };
  (socket as unknown as { on(event: string, listener: Listener): void }).on(event, listener);
}
