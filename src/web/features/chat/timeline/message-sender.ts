import { sentMessageType } from '../../../../shared/api/uploads';
import type { Message } from '../../../../shared/entities/message';
import { ApiError } from '../../../lib/api';
import { OUTBOX_FLUSH_LIMIT, type Outbox, type QueuedMessage, type Realtime } from '../../../realtime';
import type { ChatAction } from './chat-reducer';

const ACK_TIMEOUT_MS = 10_000;

/**
 * Refusals that say "not now" rather than "never": the message stays queued and goes again later
 * (after the seconds the server gave, or at the next join). Every other refusal fails for good.
 */
const TRY_AGAIN_LATER = new Set(['MESSAGE_RATE_LIMITED', 'RATE_LIMITED', 'ROOM_NOT_JOINED', 'SERVICE_UNAVAILABLE']);
const DEFAULT_RETRY_S = 2;
/** The site's database is unreachable (an outage): ask again after this long, and on. */
const UNAVAILABLE_RETRY_S = 5;

/**
 * The way out while the socket is down and polling carries the chat: `POST
 * /api/messages/room/{roomId}` with the same clientMessageId (the server stores it once).
 */
export interface HttpSend {
  /** The fallback is carrying the chat now. */
  active(): boolean;
  send(entry: QueuedMessage): Promise<Message>;
}

/** What one delivery attempt left behind: go on with the next message, or stop the flush here. */
type Delivered = 'next' | 'stop';

/**
 * Sends room messages through the outbox: each is written there first, emitted with an
 * acknowledgement, and removed once the server answered. One room's queue goes out strictly in
 * order, one message at a time, so a reconnect cannot reorder what was written offline.
 * Unanswered ones stay for the next join, the page becoming visible, or the next visit.
 */
export class MessageSender {
  private readonly flushing = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly later = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly link: Pick<Realtime, 'connected' | 'request'>,
    private readonly outbox: Outbox,
    private readonly dispatch: (action: ChatAction) => void,
    private readonly notify: (errorOrText: unknown) => void,
    private readonly http?: HttpSend,
  ) {}

  /** Queues and sends one message (its optimistic copy is already on screen). */
  send(entry: QueuedMessage): Promise<void> {
    return this.outbox.put(entry).then(() => this.flush(entry.roomId));
  }

  /** Sends what is still waiting for a room, oldest first, at most 100 per pass (spec §9). */
  flush(roomId: string): Promise<void> {
    const running = this.flushing.get(roomId);
    if (running) {
      // A message queued meanwhile: the running flush takes another pass for it.
      this.again.add(roomId);
      return running;
    }
    const run = this.drain(roomId).finally(() => this.flushing.delete(roomId));
    this.flushing.set(roomId, run);
    return run;
  }

  /** Stops the timers of messages waiting out a rate limit (the page is closing). */
  dispose(): void {
    for (const timer of this.later.values()) clearTimeout(timer);
    this.later.clear();
  }

  private async drain(roomId: string): Promise<void> {
    do {
      this.again.delete(roomId);
      const entries = (await this.outbox.pending(roomId)).slice(0, OUTBOX_FLUSH_LIMIT);
      for (const entry of entries) if ((await this.deliver(entry)) === 'stop') return;
    } while (this.again.has(roomId));
  }

  private async deliver(entry: QueuedMessage): Promise<Delivered> {
    if (!this.link.connected) {
      if (this.http?.active()) return this.deliverOverHttp(this.http, entry);
      return 'stop'; // stays in the outbox until the room is joined again
    }
    let reply;
    try {
      reply = await this.link.request(
        'publicMessage',
        {
          roomId: entry.roomId,
          content: entry.content,
          messageType: sentMessageType(entry.messageType),
          textColor: entry.textColor,
          bold: entry.bold,
          clientMessageId: entry.id,
          ...(entry.replyToId ? { replyToId: entry.replyToId } : {}),
        },
        ACK_TIMEOUT_MS,
      );
    } catch {
      return 'stop'; // no answer: kept for the next join
    }
    if (reply.ok) {
      await this.outbox.remove(entry.id);
      this.dispatch({ type: 'acked', message: reply.message });
      return 'next';
    }
    return this.refused(entry, reply);
  }

  /** The same delivery over HTTP: a network failure or a server error keeps it queued. */
  private async deliverOverHttp(http: HttpSend, entry: QueuedMessage): Promise<Delivered> {
    let message: Message;
    try {
      message = await http.send(entry);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status === 408 || error.status >= 500)
        return 'stop'; // the poll's backoff and the next flush take it from here
      if (error.status === 401) return 'stop'; // the session is over; the chat closes
      if (error.code === 'ROOM_NOT_JOINED') {
        // The server may not know of the last join yet (another node records it within seconds).
        this.retryLater(entry.roomId, UNAVAILABLE_RETRY_S);
        return 'stop';
      }
      return this.refused(entry, { code: error.code, message: error.message, timeLeft: error.timeLeft });
    }
    await this.outbox.remove(entry.id);
    this.dispatch({ type: 'acked', message });
    return 'next';
  }

  private async refused(
    entry: QueuedMessage,
    reply: { code: string; message: string; timeLeft?: number },
  ): Promise<Delivered> {
    if (TRY_AGAIN_LATER.has(reply.code)) {
      if (reply.code !== 'ROOM_NOT_JOINED') {
        // Said once per hold, with when it ends («أنت ترسل بسرعة كبيرة؛ أعد المحاولة بعد ثانيتين»):
        // the waiting messages go by themselves then, so none hangs at «جاري الإرسال…» unexplained.
        if (!this.later.has(entry.roomId)) this.notify(reply.message);
        this.retryLater(
          entry.roomId,
          reply.timeLeft ?? (reply.code === 'SERVICE_UNAVAILABLE' ? UNAVAILABLE_RETRY_S : DEFAULT_RETRY_S),
        );
      }
      return 'stop';
    }
    await this.outbox.remove(entry.id);
    this.dispatch({
      type: 'sendFailed',
      roomId: entry.roomId,
      clientMessageId: entry.id,
      code: reply.code,
      reason: reply.message,
      timeLeft: reply.timeLeft,
      at: Date.now(),
    });
    this.notify(reply.message);
    return 'next';
  }

  private retryLater(roomId: string, seconds: number): void {
    if (this.later.has(roomId)) return;
    this.later.set(
      roomId,
      setTimeout(() => {
        this.later.delete(roomId);
        void this.flush(roomId);
      }, seconds * 1000),
    );
  }
}
