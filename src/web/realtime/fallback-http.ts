import { sentMessageType } from '../../shared/api/uploads';
import { connectionEndpoints, type ConnectionReport } from '../../shared/api/connection';
import { messagesEndpoints } from '../../shared/api/messages';
import { systemEndpoints } from '../../shared/api/system';
import { MESSAGES, POLLING } from '../../shared/constants';
import type { Message } from '../../shared/entities/message';
import { callApi } from '../lib/api';
import type { PollResult } from './fallback-poller';
import type { QueuedMessage } from './outbox';

/** The fallback's HTTP calls (the session cookie carries identity; tests pass fakes). */
export interface FallbackHttp {
  /** With `fromId`, also what was deleted in the range held; with `changedAfter` too, only what changed after it. */
  since(roomId: string, sinceId: number | undefined, fromId?: number, changedAfter?: number): Promise<PollResult>;
  send(entry: QueuedMessage): Promise<Message>;
  ping(): Promise<unknown>;
  report(report: ConnectionReport): Promise<unknown>;
}

const POLL_TIMEOUT_MS = 10_000;

export const browserFallbackHttp: FallbackHttp = {
  async since(roomId, sinceId, fromId, changedAfter) {
    // Nothing of the room held yet: its latest messages, as on entering it.
    if (sinceId === undefined) {
      const started = performance.now();
      const { messages } = await callApi(
        messagesEndpoints.latest,
        { params: { roomId }, query: { limit: MESSAGES.latestOnEntry } },
        { timeoutMs: POLL_TIMEOUT_MS },
      );
      return { messages, serverLatency: Math.round(performance.now() - started) };
    }
    return callApi(
      messagesEndpoints.since,
      {
        params: { roomId },
        query: {
          sinceId,
          limit: POLLING.limit,
          ...(fromId === undefined ? {} : { fromId }),
          ...(fromId === undefined || changedAfter === undefined ? {} : { changedAfter }),
        },
      },
      { timeoutMs: POLL_TIMEOUT_MS },
    );
  },
  send: async (entry) =>
    (
      await callApi(messagesEndpoints.send, {
        params: { roomId: entry.roomId },
        body: {
          content: entry.content,
          messageType: sentMessageType(entry.messageType),
          textColor: entry.textColor,
          bold: entry.bold,
          clientMessageId: entry.id,
        },
      })
    ).message,
  ping: () => callApi(systemEndpoints.ping, undefined, { timeoutMs: POLL_TIMEOUT_MS }),
  report: (report) => callApi(connectionEndpoints.report, { body: report }),
};
