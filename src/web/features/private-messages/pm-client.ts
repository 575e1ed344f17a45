import { sentMessageType, type SentMessageType, type UploadedImage } from '../../../shared/api/uploads';
import type { UploadedVoiceNote } from '../../../shared/api/voice-notes';
import { MESSAGES } from '../../../shared/constants';
import type { ListedMessage, Message } from '../../../shared/entities/message';
import { ApiError } from '../../lib/api';
import { showError } from '../../lib/toast';
import type { Outbox, QueuedMessage, Realtime } from '../../realtime';
import type { ComposerStyle } from '../chat/composer-style';
import type { SessionStore } from '../session/session-store';
import { pmApi } from './pm-api';
import { EMPTY_THREAD, unsentCopy, type Peer } from './pm-state';
import { pmDispatch, pmStore } from './pm-store';
import { PM_TEXTS } from './texts';

/** Spec §9: conversations preloaded, and messages each. */
const PRELOAD_CONVERSATIONS = 20;
const PRELOAD_PARALLEL = 3;
const TYPING_SIGNAL_GAP_MS = 2000;
/** After a send failed for want of a network, the outbox is tried again this often. */
const RETRY_MS = 5000;

/** Failures that say "not now" (no network, timeout, server down, flood): the message stays queued. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** What private messages use of the realtime core. */
export type PmRealtime = Pick<Realtime, 'on' | 'emit' | 'connected' | 'outbox'>;

/**
 * The live side of private messages: hears `privateMessage`, `privateTyping`, `conversationRead`
 * and `userDeleted` through the realtime core, preloads the conversations (20 × 20, spec §9),
 * sends through the core's IndexedDB outbox like room messages (kind 'private', over HTTP, so a
 * message written offline goes when the network returns), marks read, pages back, says when we type.
 */
export class PrivateMessagesClient {
  private readonly outbox: Outbox;
  private readonly stops: (() => void)[] = [];
  private flushing: Promise<void> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private typingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly loadingOlder = new Set<number>();
  private readonly reading = new Set<number>();
  private lastTypingSent = new Map<number, number>();

  constructor(
    private readonly realtime: PmRealtime,
    private readonly session: SessionStore,
  ) {
    this.outbox = realtime.outbox;
  }

  private get myId(): number | null {
    return this.session.getState().record?.userId ?? null;
  }

  start(): void {
    const { realtime } = this;
    this.stops.push(
      realtime.on('privateMessage', ({ message }) => this.received(message)),
      realtime.on('privateTyping', ({ userId, isTyping }) =>
        pmDispatch({ type: 'typing', userId, isTyping, now: Date.now() }),
      ),
      realtime.on('userDeleted', ({ userId }) => pmDispatch({ type: 'peerDeleted', otherId: userId })),
      realtime.on('privateMessageEdited', ({ messageId, senderId, receiverId, content, editedAt }) => {
        const otherId = senderId === this.myId ? receiverId : senderId;
        pmDispatch({ type: 'edited', otherId, messageId, content, editedAt });
      }),
      realtime.on('privateMessageDeleted', ({ messageId, senderId, receiverId }) => {
        const otherId = senderId === this.myId ? receiverId : senderId;
        pmDispatch({ type: 'removed', otherId, messageId });
      }),
      realtime.on('conversationRead', ({ readerId, otherUserId, lastReadMessageId }) => {
        const myId = this.myId;
        if (readerId === myId) pmDispatch({ type: 'read', otherId: otherUserId });
        else if (otherUserId === myId) pmDispatch({ type: 'otherRead', otherId: readerId, lastReadMessageId });
      }),
      // Back online (socket reconnected): catch up on what was missed, and send what waited.
      realtime.on('link:up', () => {
        void this.refresh();
        void this.flush();
      }),
    );
    if (typeof window !== 'undefined') {
      const online = () => void this.flush();
      window.addEventListener('online', online);
      this.stops.push(() => window.removeEventListener('online', online));
    }
    this.typingTimer = setInterval(() => {
      if (Object.keys(pmStore.getState().typing).length > 0) pmDispatch({ type: 'typingExpired', now: Date.now() });
    }, 1000);
    void this.preload().then(() => this.restoreQueued());
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    clearInterval(this.typingTimer);
    clearTimeout(this.retryTimer);
    pmDispatch({ type: 'reset' });
  }

  // ---- reading ----------------------------------------------------------------------------

  /** The conversations list, then the latest page of the newest 20 (spec §9). */
  private async preload(): Promise<void> {
    const myId = this.myId;
    if (myId === null) return;
    try {
      const { conversations } = await pmApi.conversations(myId);
      pmDispatch({ type: 'conversationsLoaded', conversations });
      const queue = conversations.slice(0, PRELOAD_CONVERSATIONS).map((c) => c.otherUserId);
      const worker = async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) await this.loadLatest(next, true);
      };
      await Promise.all(Array.from({ length: PRELOAD_PARALLEL }, worker));
    } catch {
      // Offline or refused: the panel says it has nothing yet, and the next reconnect tries again.
    }
  }

  /** After a reconnect: the list and the open conversation's latest page again. */
  private async refresh(): Promise<void> {
    const myId = this.myId;
    if (myId === null) return;
    try {
      pmDispatch({ type: 'conversationsLoaded', conversations: (await pmApi.conversations(myId)).conversations });
      const open = pmStore.getState().openWith;
      if (open) await this.loadLatest(open.id, true);
    } catch {
      // Tried again at the next reconnect.
    }
  }

  /** The latest page of a conversation (when the box opens on one this page has not read). */
  async loadLatest(otherId: number, quiet = false): Promise<void> {
    const myId = this.myId;
    if (myId === null) return;
    try {
      const page = await pmApi.page(myId, otherId);
      pmDispatch({ type: 'pageLoaded', otherId, older: false, ...page });
    } catch (error) {
      if (!quiet) showError(error);
    }
  }

  /** The page before the oldest message shown (scrolling up); resolves to whether any came. */
  async loadOlder(otherId: number): Promise<boolean> {
    const myId = this.myId;
    const thread = pmStore.getState().threads[otherId] ?? EMPTY_THREAD;
    const oldest = thread.messages.find((m) => m.id > 0);
    if (myId === null || !oldest || !thread.hasMore || this.loadingOlder.has(otherId)) return false;
    this.loadingOlder.add(otherId);
    try {
      const page = await pmApi.page(myId, otherId, { ts: oldest.timestamp, id: oldest.id });
      pmDispatch({ type: 'pageLoaded', otherId, older: true, ...page });
      return page.messages.length > 0;
    } catch (error) {
      showError(error);
      return false;
    } finally {
      this.loadingOlder.delete(otherId);
    }
  }

  /** Marks the conversation read (the box is on screen with unread messages); other tabs follow. */
  async markRead(otherId: number): Promise<void> {
    if (this.reading.has(otherId)) return;
    this.reading.add(otherId);
    pmDispatch({ type: 'read', otherId });
    try {
      await pmApi.read(otherId);
    } catch {
      // The badge comes back with the next list if the server did not hear it.
    } finally {
      this.reading.delete(otherId);
    }
  }

  private received(message: Message): void {
    const myId = this.myId;
    if (myId === null) return;
    const state = pmStore.getState();
    const otherId = message.senderId === myId ? message.receiverId : message.senderId;
    const viewing =
      state.openWith?.id === otherId && typeof document !== 'undefined' && document.visibilityState === 'visible';
    pmDispatch({ type: 'incoming', message, myId, viewing });
    if (viewing && message.senderId !== myId && otherId !== null) void this.markRead(otherId);
  }

  // ---- writing ----------------------------------------------------------------------------

  /** Shows the message at once and sends it through the outbox. False when there is nothing to send. */
  send(peer: Peer, text: string, style: ComposerStyle): boolean {
    const content = text.trim();
    if (!content) return false;
    if ([...content].length > MESSAGES.maxLength) {
      showError(PM_TEXTS.tooLong);
      return false;
    }
    return this.queue(peer, content, 'text', style);
  }

  sendImage(peer: Peer, image: UploadedImage): boolean {
    return this.queue(peer, image.url, 'image', { textColor: '#000000', bold: false });
  }

  /** Sends an uploaded voice note (issue 22) as a voice message, through the outbox like text. */
  sendVoice(peer: Peer, note: UploadedVoiceNote): boolean {
    return this.queue(peer, note.url, 'voice', { textColor: '#000000', bold: false });
  }

  private queue(peer: Peer, content: string, messageType: SentMessageType, style: ComposerStyle): boolean {
    const me = this.session.getState().user;
    if (!me) return false;
    const entry: QueuedMessage = {
      id: randomId(),
      createdAt: Date.now(),
      senderId: me.id,
      roomId: `private:${peer.id}`,
      content,
      messageType,
      textColor: messageType === 'text' ? style.textColor : null,
      bold: messageType === 'text' ? style.bold : false,
      kind: 'private',
      receiverId: peer.id,
    };
    this.showUnsent(entry, peer.username);
    this.setTyping(peer.id, false);
    void this.outbox.put(entry).then(() => this.flush());
    return true;
  }

  private showUnsent(entry: QueuedMessage, username: string): void {
    const me = this.session.getState().user;
    if (!me || entry.receiverId === undefined) return;
    const message: ListedMessage = unsentCopy({
      seq: pmStore.getState().localSeq + 1,
      clientMessageId: entry.id,
      sender: me,
      receiverId: entry.receiverId,
      content: entry.content,
      messageType: sentMessageType(entry.messageType),
      textColor: entry.textColor,
      bold: entry.bold,
      createdAt: entry.createdAt,
    });
    pmDispatch({ type: 'sent', message, otherId: entry.receiverId, username });
  }

  /** Private messages queued in an earlier visit (written offline, tab closed) show as sending again. */
  private async restoreQueued(): Promise<void> {
    const myId = this.myId;
    const entries = (await this.outbox.pending()).filter((e) => e.kind === 'private' && e.senderId === myId);
    for (const entry of entries) {
      const otherId = entry.receiverId ?? 0;
      const known = (pmStore.getState().threads[otherId] ?? EMPTY_THREAD).messages.some(
        (m) => m.clientMessageId === entry.id,
      );
      if (!known) this.showUnsent(entry, pmStore.getState().conversations[otherId]?.username ?? '');
    }
    await this.flush();
  }

  /** Sends what waits in the outbox, oldest first, one at a time; stops at the first "not now". */
  flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.drain().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      const entries = (await this.outbox.pending()).filter((e) => e.kind === 'private' && e.receiverId !== undefined);
      for (const entry of entries) if (!(await this.deliver(entry))) return;
    } while (this.again);
  }

  private async deliver(entry: QueuedMessage): Promise<boolean> {
    const receiverId = entry.receiverId!;
    try {
      const { message } = await pmApi.send({
        receiverId,
        content: entry.content,
        messageType: sentMessageType(entry.messageType),
        textColor: entry.textColor,
        bold: entry.bold,
        clientMessageId: entry.id,
      });
      await this.outbox.remove(entry.id);
      const myId = this.myId;
      if (myId !== null) pmDispatch({ type: 'incoming', message, myId, viewing: true });
      return true;
    } catch (error) {
      if (isTransient(error)) {
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => void this.flush(), RETRY_MS);
        return false;
      }
      await this.outbox.remove(entry.id);
      const reason = error instanceof ApiError ? error.message : PM_TEXTS.notSent;
      pmDispatch({ type: 'sendFailed', otherId: receiverId, clientMessageId: entry.id, reason });
      showError(error);
      return true;
    }
  }

  /** Sends a failed message again with the same id (the server stores it once). */
  retry(message: ListedMessage): void {
    const { clientMessageId, receiverId } = message;
    if (!clientMessageId || receiverId === null || !message.failed) return;
    pmDispatch({ type: 'retried', otherId: receiverId, clientMessageId });
    const entry: QueuedMessage = {
      id: clientMessageId,
      createdAt: Date.now(),
      senderId: message.senderId,
      roomId: `private:${receiverId}`,
      content: message.content,
      messageType: sentMessageType(message.messageType),
      textColor: message.textColor,
      bold: message.bold,
      kind: 'private',
      receiverId,
    };
    void this.outbox.put(entry).then(() => this.flush());
  }

  discard(message: ListedMessage): void {
    const { clientMessageId, receiverId } = message;
    if (!clientMessageId || receiverId === null) return;
    pmDispatch({ type: 'discarded', otherId: receiverId, clientMessageId });
    void this.outbox.remove(clientMessageId);
  }

  /** Tells the other person we are typing, at most every 2 s; `false` clears it at once. */
  setTyping(otherId: number, isTyping: boolean): void {
    const now = Date.now();
    const last = this.lastTypingSent.get(otherId) ?? 0;
    if (isTyping && now - last < TYPING_SIGNAL_GAP_MS) return;
    if (!isTyping && last === 0) return;
    this.lastTypingSent.set(otherId, isTyping ? now : 0);
    if (this.realtime.connected) this.realtime.emit('privateTyping', { targetUserId: otherId, isTyping });
  }
}
