import { createStore, type StoreApi } from 'zustand/vanilla';
import { MESSAGES, POLLING } from '../../../../shared/constants';
import { sentMessageType, type UploadedImage } from '../../../../shared/api/uploads';
import type { UploadedVoiceNote } from '../../../../shared/api/voice-notes';
import { isVirtualRoomId } from '../../../../shared/entities/room';
import type { ListedMessage, Message } from '../../../../shared/entities/message';
import type { SocketErrorPayload } from '../../../../shared/realtime/protocol';
import { showError } from '../../../lib/toast';
import type { PollTarget, QueuedMessage, Realtime, Unsubscribe } from '../../../realtime';
import { enforceSanction, sanctionOfError } from '../../sanction/sanction-live';
import { sanctionStore, type SanctionSink } from '../../sanction/sanction-store';
import { offlineSender, type SessionStore } from '../../session/session-store';
import type { ComposerStyle } from '../composer-style';
import { chimeForIncoming } from '../message-sound';
import { CHAT_TEXTS } from '../texts';
import { chatReducer, TIMELINE_ENVELOPES, type ChatAction, type TimelineEnvelope } from './chat-reducer';
import { initialChatState, roomTimeline, timelineOf, writableRoomId, type ChatState } from './chat-state';
import { JoinScheduler, joinRefusalText, type JoinHooks, type JoinSocket } from './join-scheduler';
import { MessageSender } from './message-sender';
import { fetchOlderHistory, fetchRoomHistory, type OlderPage } from './room-history';

const TYPING_SIGNAL_GAP_MS = 2000;
const TYPING_SWEEP_MS = 1000;
/** A room's cache is written this long after its timeline last changed (and on page hide). */
const CACHE_SAVE_DELAY_MS = 1000;

/** What the room timeline uses of the realtime core. */
export type ChatRealtime = Pick<
  Realtime,
  | 'on'
  | 'emit'
  | 'request'
  | 'connected'
  | 'polling'
  | 'follow'
  | 'roomJoined'
  | 'halt'
  | 'sendByHttp'
  | 'http'
  | 'outbox'
  | 'roomCache'
  | 'page'
  | 'linkState'
>;

export interface ChatClientOptions {
  realtime: ChatRealtime;
  session: SessionStore;
  /** The rest default to the browser's; tests pass fakes. */
  notify?: (errorOrText: unknown) => void;
  /** A room message from someone else arrived (the sound, when the reader is away). */
  incoming?: (message: Message) => void;
  /** Where a join refused for a kick, ban or block is told (the overlay's store outside the chat). */
  sanctions?: SanctionSink;
  history?: (roomId: string, sinceId: number | undefined) => Promise<Message[]>;
  olderHistory?: (roomId: string, beforeId: number) => Promise<OlderPage>;
  newId?: () => string;
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The room timeline's live side, over the realtime core: the join scheduler, the message sender
 * (over the shared outbox), the room cache, the polling fallback's target, and the store the chat
 * screens read (through the reducer). Everything with a rule lives in those modules; this file
 * only connects them to each other, to the core and to the session.
 */
export class ChatClient {
  readonly store: StoreApi<ChatState> = createStore<ChatState>()(() => initialChatState);
  private readonly realtime: ChatRealtime;
  private readonly session: SessionStore;
  private readonly joins: JoinScheduler;
  private readonly sender: MessageSender;
  /** Cache reads in flight: the history fetch waits for them, so it asks only for what is newer. */
  private readonly cacheReads = new Map<string, Promise<void>>();
  private cacheTimer: ReturnType<typeof setTimeout> | undefined;
  private running: Unsubscribe[] = [];
  private readonly notify: (errorOrText: unknown) => void;
  private readonly incoming: (message: Message) => void;
  private readonly sanctions: SanctionSink;
  private readonly history: (roomId: string, sinceId: number | undefined) => Promise<Message[]>;
  private readonly olderHistory: (roomId: string, beforeId: number) => Promise<OlderPage>;
  /** Rooms whose older page is being fetched: one request at a time per room. */
  private readonly loadingOlder = new Set<string>();
  private readonly loadingOnline = new Set<string>();
  private readonly newId: () => string;
  private typingTimer: ReturnType<typeof setInterval> | undefined;
  private lastTypingSent = 0;

  constructor(options: ChatClientOptions) {
    this.realtime = options.realtime;
    this.session = options.session;
    this.notify = options.notify ?? showError;
    this.incoming = options.incoming ?? chimeForIncoming;
    this.sanctions = options.sanctions ?? sanctionStore;
    this.history = options.history ?? fetchRoomHistory;
    this.olderHistory = options.olderHistory ?? fetchOlderHistory;
    this.newId = options.newId ?? randomId;
    this.joins = new JoinScheduler(this.joinSocket(), this.joinHooks());
    const realtime = this.realtime;
    this.sender = new MessageSender(realtime, realtime.outbox, (action) => this.dispatch(action), this.notify, {
      active: () => realtime.polling,
      send: (entry) => realtime.sendByHttp(entry),
    });
  }

  getState = (): ChatState => this.store.getState();

  /** Whether this page was in a room (an `auth` after a connect is then a reconnect). */
  get wasInRoom(): boolean {
    return this.store.getState().joinedRoomId !== null;
  }

  private dispatch(action: ChatAction): void {
    this.store.setState(chatReducer(this.store.getState(), action), true);
  }

  // ---- lifecycle --------------------------------------------------------------------------

  start(): void {
    const { realtime } = this;
    this.running = [
      ...TIMELINE_ENVELOPES.map((type) => realtime.on(type, (envelope) => this.onEnvelope(envelope))),
      realtime.on('authenticated', ({ restrictions }) => {
        // Older servers sent no restrictions: nothing is known to be restricted.
        this.dispatch({ type: 'restrictions', mutedUntil: restrictions?.mutedUntil ?? null });
        this.joins.authenticated(this.session.getState().roomId);
      }),
      realtime.on('error', (payload) => this.onError(payload)),
      realtime.on('link:down', () => this.joins.disconnected()),
      realtime.page.onVisibilityChange((hidden) => this.visibilityChanged(hidden)),
      realtime.follow(this.pollTarget()),
      this.watchTimelineForCache(),
    ];
    if (realtime.page.isHidden()) this.dispatch({ type: 'visibility', hidden: true });
    this.typingTimer = setInterval(() => this.dispatch({ type: 'typingExpired', now: Date.now() }), TYPING_SWEEP_MS);
  }

  stop(): void {
    clearInterval(this.typingTimer);
    this.sender.dispose();
    for (const stop of this.running.splice(0)) stop();
    this.saveCache();
    this.joins.dispose();
  }

  /** Refused events that had no acknowledgement; sanctions are the sanction feature's. */
  private onError(payload: SocketErrorPayload): void {
    if (sanctionOfError(payload)) return;
    if (payload.code === 'MUTED' && payload.timeLeft && payload.timeLeft > 0) {
      const until = new Date(Date.now() + payload.timeLeft * 1000).toISOString();
      this.dispatch({ type: 'restrictions', mutedUntil: until });
    }
    // A refused join says 'locked' for clients written to spec §4; ours shows the Arabic toast alone.
    this.notify(payload.action === 'joinRoom' ? joinRefusalText(payload) : payload.message);
  }

  private visibilityChanged(hidden: boolean): void {
    this.dispatch({ type: 'visibility', hidden });
    // Back on the page: anything still queued goes now rather than at the next reconnect.
    const roomId = this.store.getState().joinedRoomId;
    if (!hidden && roomId && (this.realtime.connected || this.realtime.polling)) void this.sender.flush(roomId);
  }

  // ---- rooms ------------------------------------------------------------------------------

  /**
   * The page of messages before the oldest one shown (scrolling up). Resolves to whether anything
   * was added; a failure is told once and leaves the timeline as it was.
   */
  async loadOlder(roomId: string): Promise<boolean> {
    const timeline = timelineOf(this.store.getState(), roomTimeline(roomId));
    const oldest = timeline.messages.find((m) => m.id > 0);
    if (!oldest || timeline.reachedStart || this.loadingOlder.has(roomId)) return false;
    this.loadingOlder.add(roomId);
    try {
      const { messages, hasMore } = await this.olderHistory(roomId, oldest.id);
      this.dispatch({ type: 'olderLoaded', roomId, messages, hasMore });
      return messages.length > 0;
    } catch (error) {
      this.notify(error);
      return false;
    } finally {
      this.loadingOlder.delete(roomId);
    }
  }

  /** The next page of a big room's online list (scrolling down the list). */
  async loadOnlinePage(roomId: string): Promise<void> {
    const state = this.store.getState();
    const paging = state.onlinePaging[roomId];
    if (!paging?.hasMore || this.loadingOnline.has(roomId) || !this.realtime.connected) return;
    this.loadingOnline.add(roomId);
    try {
      const offset = (state.online[roomId] ?? []).length;
      const reply = await this.realtime.request('onlineUsersLoad', { roomId, offset });
      if (!reply.ok) return;
      const { users, total, hasMore } = reply;
      this.dispatch({ type: 'onlinePageLoaded', roomId, users, total, hasMore });
    } catch {
      // No answer in time: the list stays as it is, and the next scroll asks again.
    } finally {
      this.loadingOnline.delete(roomId);
    }
  }

  /** The reader is back at the latest: older pages past the usual cap can go. */
  trimOlder(roomId: string): void {
    this.dispatch({ type: 'olderTrimmed', roomId });
  }

  /** Enters a room, within the join rules (see JoinScheduler); its cached messages show at once. */
  joinRoom(roomId: string): void {
    this.dispatch({ type: 'showing', roomId });
    this.showCached(roomId);
    this.joins.request(roomId);
  }

  /** The room as kept from an earlier visit, if this page shows nothing of it yet. */
  private showCached(roomId: string): void {
    const known = timelineOf(this.store.getState(), roomTimeline(roomId)).messages.some((m) => m.id > 0);
    if (known || this.cacheReads.has(roomId)) return;
    const read = this.realtime.roomCache
      .load(roomId)
      .then((messages) => {
        if (messages.length > 0) this.dispatch({ type: 'cached', roomId, messages });
      })
      .catch(() => undefined);
    this.cacheReads.set(roomId, read);
  }

  /**
   * Keeps the joined room's cache current: written a second after its timeline last changed, and
   * at once when the page goes away.
   */
  private watchTimelineForCache(): Unsubscribe {
    let seen = this.store.getState();
    const stops = [
      this.store.subscribe((state) => {
        const roomId = state.joinedRoomId;
        const key = roomId && roomTimeline(roomId);
        const changed = key && timelineOf(state, key).messages !== timelineOf(seen, key).messages;
        seen = state;
        if (!changed) return;
        clearTimeout(this.cacheTimer);
        this.cacheTimer = setTimeout(() => this.saveCache(), CACHE_SAVE_DELAY_MS);
      }),
      this.realtime.page.onPageHide(() => this.saveCache()),
    ];
    return () => stops.forEach((stop) => stop());
  }

  private saveCache(): void {
    clearTimeout(this.cacheTimer);
    this.cacheTimer = undefined;
    const roomId = this.store.getState().joinedRoomId;
    // Signed out: the user's database is being deleted, and writing would bring it back.
    if (!roomId || !this.session.getState().record) return;
    const messages = timelineOf(this.store.getState(), roomTimeline(roomId)).messages;
    // Spec §9: on the fallback path the cache keeps the room's last 50.
    void this.realtime.roomCache.save(
      roomId,
      this.realtime.polling ? messages.slice(-POLLING.fallbackCacheMessages) : messages,
    );
  }

  private joinSocket(): JoinSocket {
    const realtime = this.realtime;
    return {
      get connected() {
        return realtime.connected;
      },
      join: (roomId) => realtime.request('joinRoom', { roomId }),
    };
  }

  private joinHooks(): JoinHooks {
    return {
      joined: (roomId) => {
        this.realtime.roomJoined();
        this.dispatch({ type: 'joined', roomId });
        void this.loadHistory(roomId);
        void this.restoreQueued(roomId).then(() => this.sender.flush(roomId));
      },
      rejoining: () => this.dispatch({ type: 'rejoining' }),
      refused: (roomId, text, error) => {
        // A join refused for a kick or ban (spec: joins are refused until it ends) is the overlay.
        const sanction = sanctionOfError(error);
        if (sanction) {
          enforceSanction(this.realtime, this.session, () => this.sanctions.refused(sanction, error.timeLeft));
          return;
        }
        this.notify(text);
        // Back to the room we are still in (or the picker).
        if (this.session.getState().roomId === roomId) this.session.selectRoom(this.joins.currentRoomId);
      },
    };
  }

  private async loadHistory(roomId: string): Promise<void> {
    await this.cacheReads.get(roomId);
    const known = timelineOf(this.store.getState(), roomTimeline(roomId)).messages.filter((m) => m.id > 0);
    try {
      const sinceId = known.at(-1)?.id;
      const messages = await this.history(roomId, sinceId);
      // A short first page is the room's whole history: no "load earlier" to wait for.
      const complete = sinceId === undefined && messages.length < MESSAGES.latestOnEntry;
      this.dispatch({ type: 'historyLoaded', roomId, messages, complete });
      if (sinceId !== undefined && known[0]) void this.reconcileCached(roomId, known[0].id, sinceId);
    } catch (error) {
      this.dispatch({ type: 'historyFailed', roomId });
      this.notify(error);
    }
  }

  /**
   * Messages shown from the local cache that were deleted while this reader was away disappear:
   * the server lists the deleted ids within the range the cache held.
   */
  private async reconcileCached(roomId: string, fromId: number, toId: number): Promise<void> {
    try {
      const { deletedIds } = await this.realtime.http.since(roomId, toId, fromId);
      for (const messageId of deletedIds ?? []) this.onEnvelope({ type: 'messageDeleted', roomId, messageId });
    } catch {
      // Not now: the next visit reconciles again.
    }
  }

  // ---- polling fallback -------------------------------------------------------------------

  /** What the core's polling fallback follows: the chosen room, from the last message held. */
  private pollTarget(): PollTarget {
    return {
      // The one chosen (joined over the socket or not), never a virtual one.
      roomId: () => {
        const wanted = this.session.getState().roomId;
        return wanted && !isVirtualRoomId(wanted) ? wanted : null;
      },
      lastId: (roomId) => this.lastHeldId(roomId),
      firstId: (roomId) => this.firstHeldId(roomId),
      reached: (roomId) => this.reachedByPoll(roomId),
      resume: () => {
        const roomId = this.store.getState().joinedRoomId;
        if (roomId) void this.sender.flush(roomId);
      },
    };
  }

  /** The newest stored message this page holds of a room, shown or waiting in the hidden-tab buffer. */
  private lastHeldId(roomId: string): number | undefined {
    const state = this.store.getState();
    let last: number | undefined;
    for (const m of timelineOf(state, roomTimeline(roomId)).messages)
      if (m.id > 0 && (last === undefined || m.id > last)) last = m.id;
    for (const m of state.hiddenBuffer)
      if (m.roomId === roomId && m.id > 0 && (last === undefined || m.id > last)) last = m.id;
    return last;
  }

  /** The oldest stored message this page shows of a room. */
  private firstHeldId(roomId: string): number | undefined {
    let first: number | undefined;
    for (const m of timelineOf(this.store.getState(), roomTimeline(roomId)).messages)
      if (m.id > 0 && (first === undefined || m.id < first)) first = m.id;
    return first;
  }

  /**
   * A room reached only by polling (the socket never connected) counts as joined, so the reader
   * can write, through the HTTP send. Its messages follow as `newMessage`.
   */
  private reachedByPoll(roomId: string): void {
    if (this.store.getState().joinedRoomId === roomId || this.realtime.connected) return;
    this.dispatch({ type: 'joined', roomId });
    this.dispatch({ type: 'historyLoaded', roomId, messages: [] });
    void this.restoreQueued(roomId).then(() => this.sender.flush(roomId));
  }

  // ---- incoming ---------------------------------------------------------------------------

  private onEnvelope(envelope: TimelineEnvelope): void {
    const myId = this.session.getState().record?.userId ?? null;
    if (
      envelope.type === 'newMessage' &&
      envelope.message.senderId !== myId &&
      envelope.message.messageType !== 'system'
    )
      this.incoming(envelope.message);
    this.dispatch({ type: 'server', envelope, at: Date.now(), myId });
  }

  // ---- outgoing ---------------------------------------------------------------------------

  /** Shows the message at once, queues it, sends it; the stored copy replaces it when acknowledged. */
  sendMessage(text: string, style: ComposerStyle, extra: { replyToId?: number } = {}): boolean {
    const content = text.trim();
    const roomId = writableRoomId(this.store.getState(), this.realtime.linkState.getState().status);
    const me = this.session.getState().user ?? offlineSender(this.session.getState().record);
    if (!content || !roomId || !me) return false;
    if ([...content].length > MESSAGES.maxLength) {
      this.notify(CHAT_TEXTS.messageTooLong);
      return false;
    }
    const entry: QueuedMessage = {
      id: this.newId(),
      createdAt: Date.now(),
      senderId: me.id,
      roomId,
      content,
      messageType: 'text',
      textColor: style.textColor,
      bold: style.bold,
      ...(extra.replyToId ? { replyToId: extra.replyToId } : {}),
    };
    this.dispatch({ type: 'sent', entry, sender: me });
    void this.sender.send(entry);
    return true;
  }

  /** Sends an uploaded picture to the joined room as an image message (shown at once, queued like text). */
  sendImage(image: UploadedImage): boolean {
    const roomId = this.store.getState().joinedRoomId;
    const me = this.session.getState().user;
    if (!roomId || !me) return false;
    const entry: QueuedMessage = {
      id: this.newId(),
      createdAt: Date.now(),
      senderId: me.id,
      roomId,
      content: image.url,
      messageType: 'image',
      textColor: null,
      bold: false,
    };
    this.dispatch({ type: 'sent', entry, sender: me });
    void this.sender.send(entry);
    return true;
  }

  /** Sends an uploaded voice note (issue 22) to the joined room as a voice message, queued like text. */
  sendVoice(note: UploadedVoiceNote): boolean {
    const roomId = this.store.getState().joinedRoomId;
    const me = this.session.getState().user;
    if (!roomId || !me) return false;
    const entry: QueuedMessage = {
      id: this.newId(),
      createdAt: Date.now(),
      senderId: me.id,
      roomId,
      content: note.url,
      messageType: 'voice',
      textColor: null,
      bold: false,
    };
    this.dispatch({ type: 'sent', entry, sender: me });
    void this.sender.send(entry);
    return true;
  }

  /**
   * Messages queued in an earlier visit (the tab was closed offline): shown as "sending" again
   * before they go, unless this page already shows them.
   */
  private async restoreQueued(roomId: string): Promise<void> {
    const me = this.session.getState().user;
    if (!me) return;
    const entries = await this.realtime.outbox.pending(roomId);
    const shown = new Set(
      timelineOf(this.store.getState(), roomTimeline(roomId)).messages.map((m) => m.clientMessageId),
    );
    for (const entry of entries)
      if (entry.senderId === me.id && !shown.has(entry.id)) this.dispatch({ type: 'sent', entry, sender: me });
  }

  /** Deletes a message that failed for good from the writer's screen (and the outbox, if still there). */
  discard(message: ListedMessage): void {
    const { clientMessageId, roomId } = message;
    if (!clientMessageId || !roomId || !message.failed) return;
    this.dispatch({ type: 'discarded', roomId, clientMessageId });
    void this.realtime.outbox.remove(clientMessageId);
  }

  /** Sends a failed message again, with the same id so the server cannot store it twice. */
  retry(message: ListedMessage): void {
    const { clientMessageId, roomId } = message;
    if (!clientMessageId || !roomId) return;
    this.dispatch({ type: 'retried', roomId, clientMessageId });
    const entry: QueuedMessage = {
      id: clientMessageId,
      createdAt: Date.now(),
      senderId: message.senderId,
      roomId,
      content: message.content,
      messageType: sentMessageType(message.messageType),
      textColor: message.textColor,
      bold: message.bold,
    };
    void this.sender.send(entry);
  }

  /** Tells the room we are typing, at most every 2 s; `false` clears it at once. */
  setTyping(isTyping: boolean): void {
    const roomId = this.store.getState().joinedRoomId;
    if (!roomId || !this.realtime.connected) return;
    const now = Date.now();
    if (isTyping && now - this.lastTypingSent < TYPING_SIGNAL_GAP_MS) return;
    if (!isTyping && this.lastTypingSent === 0) return;
    this.lastTypingSent = isTyping ? now : 0;
    this.realtime.emit('typing', { roomId, isTyping });
  }
}
