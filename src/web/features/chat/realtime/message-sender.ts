import type { AppSocket } from './connection';
import { OUTBOX_FLUSH_LIMIT, type Outbox, type QueuedMessage } from './outbox';
import type { RealtimeAction } from './realtime-reducer';

const ACK_TIMEOUT_MS = 10_000;

/**
 * Sends room messages through the outbox: each is written there first, emitted with an
 * acknowledgement, and removed once the server answered. Unanswered ones stay for the next join.
 */
export class MessageSender {
  constructor(
    private readonly socket: AppSocket,
    private readonly outbox: Outbox,
    private readonly dispatch: (action: RealtimeAction) => void,
    private readonly notify: (errorOrText: unknown) => void,
  ) {}

  /** Queues and sends one message (its optimistic copy is already on screen). */
  send(entry: QueuedMessage): void {
    void this.outbox.put(entry).then(() => this.deliver(entry));
  }

  /** After (re-)joining a room: sends what is still waiting for it, at most 100 at a time. */
  async flush(roomId: string): Promise<void> {
    const entries = await this.outbox.pending(roomId);
    for (const entry of entries.slice(0, OUTBOX_FLUSH_LIMIT)) this.deliver(entry);
  }

  private deliver(entry: QueuedMessage): void {
    if (!this.socket.connected) return; // stays in the outbox until the room is joined again
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('publicMessage', {
        roomId: entry.roomId,
        content: entry.content,
        messageType: 'text',
        textColor: entry.textColor,
        bold: entry.bold,
        clientMessageId: entry.id,
      })
      .then((reply) => {
        void this.outbox.remove(entry.id);
        if (reply.ok) this.dispatch({ type: 'acked', message: reply.message });
        else {
          this.dispatch({
            type: 'sendFailed',
            roomId: entry.roomId,
            clientMessageId: entry.id,
            code: reply.code,
            timeLeft: reply.timeLeft,
            at: Date.now(),
          });
          this.notify(reply.message);
        }
      })
      .catch(() => undefined); // no answer: kept for the next join
  }
}
