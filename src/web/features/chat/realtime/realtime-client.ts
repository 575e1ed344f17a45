import { chimeForIncoming } from '../message-sound';
import type { QueryClient } from '@tanstack/react-query';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { MESSAGES, PING, POLLING, SOCKET } from '../../../../shared/constants';
import { isVirtualRoomId } from '../../../../shared/entities/room';
import type { UploadedImage } from '../../../../shared/api/uploads';
import type { ListedMessage, Message } from '../../../../shared/entities/message';
import { publicUserSchema, selfUserSchema } from '../../../../shared/entities/user';
import type {
  ClientPayload,
  MessageEnvelope,
  ServerToClientEvents,
  SocketErrorPayload,
} from '../../../../shared/realtime/protocol';
import { showError, showInfo } from '../../../lib/toast';
import { addOpenReport, reportHandled } from '../../moderation/reports-query';
import { isSanctionCode, sanctionStore, type SanctionCode, type SanctionSink } from '../../sanction/sanction-store';
import { applyChatLock, followRoomUpdate } from '../../rooms/room-updates';
import { upsertRoom } from '../../rooms/rooms-query';
import { offlineSender, type SessionStore } from '../../session/session-store';
import type { ComposerStyle } from '../composer-style';
import { CHAT_TEXTS } from '../texts';
import { Connection, createSocket, type AppSocket, type ConnectionEvents } from './connection';
import { HealthMonitor, type HealthTransport } from './connection-health';
import { startKeepAlive } from './keep-alive';
import { browserFallbackHttp, type FallbackHttp } from './fallback-http';
import { FallbackPoller, type PollResult } from './fallback-poller';
import { JoinScheduler, joinRefusalText, type JoinHooks, type JoinSocket } from './join-scheduler';
import { MessageSender } from './message-sender';
import { DexieOutbox } from './dexie-outbox';
import { DexieRoomCache } from './dexie-room-cache';
import { MemoryOutbox, type Outbox, type QueuedMessage } from './outbox';
import { browserPage, type PageLifecycle } from './page-lifecycle';
import { realtimeReducer, type RealtimeAction } from './realtime-reducer';
import { initialRealtimeState, roomTimeline, timelineOf, writableRoomId, type RealtimeState } from './realtime-state';
import { MemoryRoomCache, type RoomCache } from './room-cache';
import { fetchOlderHistory, fetchRoomHistory, type OlderPage } from './room-history';
import { hasIndexedDb, UserDatabase } from './user-database';

const TYPING_SIGNAL_GAP_MS = 2000;
const TYPING_SWEEP_MS = 1000;
/** A room's cache is written this long after its timeline last changed (and on page hide). */
const CACHE_SAVE_DELAY_MS = 1000;

export interface RealtimeClientOptions {
  session: SessionStore;
  queryClient: QueryClient;
  /** The rest default to the browser's; tests pass fakes. */
  socket?: AppSocket;
  page?: PageLifecycle;
  outbox?: Outbox;
  roomCache?: RoomCache;
  notify?: (errorOrText: unknown) => void;
  /** A notice from the site (`systemNotification`), shown as a plain toast. */
  inform?: (text: string) => void;
  /** A room message from someone else arrived (the sound, when the reader is away). */
  incoming?: (message: Message) => void;
  /** Where a kick, ban or block is told (the overlay's store outside the chat). */
  sanctions?: SanctionSink;
  history?: (roomId: string, sinceId: number | undefined) => Promise<Message[]>;
  olderHistory?: (roomId: string, beforeId: number) => Promise<OlderPage>;
  newId?: () => string;
  /** The polling fallback's and health check's HTTP calls. */
  fallbackHttp?: FallbackHttp;
  /** The silent audio and the service worker (spec §4 "Page keep-alive"); returns its stop. */
  keepAlive?: (page: PageLifecycle) => () => void;
}

/** The `error` event's `action` names of spec §7, for servers that send those rather than a code. */
const SANCTION_ACTIONS: Record<string, SanctionCode> = {
  banned: 'BANNED',
  blocked: 'BLOCKED',
  device_blocked: 'DEVICE_BLOCKED',
};

/** Whether a refused event was a sanction (spec §7 `error` with action banned/blocked/device_blocked). */
export function sanctionOfError(payload: Pick<SocketErrorPayload, 'code' | 'action'>): SanctionCode | null {
  if (isSanctionCode(payload.code)) return payload.code;
  return (payload.action && SANCTION_ACTIONS[payload.action]) || null;
}

/**
 * The signed-in user's IndexedDB outbox (a closed tab loses nothing) and room cache (a returning
 * reader sees the room at once); memory where there is no IndexedDB.
 */
function localStores(
  session: SessionStore,
  given: { outbox?: Outbox; roomCache?: RoomCache },
): { outbox: Outbox; roomCache: RoomCache } {
  const userId = session.getState().record?.userId;
  const db =
    userId !== undefined && hasIndexedDb() && !(given.outbox && given.roomCache) ? new UserDatabase(userId) : null;
  return {
    outbox: given.outbox ?? (db ? new DexieOutbox(db) : new MemoryOutbox()),
    roomCache: given.roomCache ?? (db ? new DexieRoomCache(db) : new MemoryRoomCache()),
  };
}

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The chat's live side, wired together: the connection, the join scheduler, the message sender
 * (over the outbox) and the store the screens read (through the reducer). Everything with a rule lives in those modules;
 * this file only connects them to each other, to the session and to the room list.
 */
export class RealtimeClient {
  readonly store: StoreApi<RealtimeState> = createStore<RealtimeState>()(() => initialRealtimeState);
  private readonly session: SessionStore;
  private readonly queryClient: QueryClient;
  private readonly socket: AppSocket;
  private readonly connection: Connection;
  private readonly joins: JoinScheduler;
  private readonly sender: MessageSender;
  private readonly outbox: Outbox;
  private readonly roomCache: RoomCache;
  private readonly page: PageLifecycle;
  /** Cache reads in flight: the history fetch waits for them, so it asks only for what is newer. */
  private readonly cacheReads = new Map<string, Promise<void>>();
  private cacheTimer: ReturnType<typeof setTimeout> | undefined;
  private stopWatching: (() => void)[] = [];
  private readonly notify: (errorOrText: unknown) => void;
  private readonly inform: (text: string) => void;
  private readonly incoming: (message: Message) => void;
  private readonly sanctions: SanctionSink;
  private readonly history: (roomId: string, sinceId: number | undefined) => Promise<Message[]>;
  private readonly olderHistory: (roomId: string, beforeId: number) => Promise<OlderPage>;
  /** Rooms whose older page is being fetched: one request at a time per room. */
  private readonly loadingOlder = new Set<string>();
  private readonly newId: () => string;
  private typingTimer: ReturnType<typeof setInterval> | undefined;
  private lastTypingSent = 0;
  private readonly fallbackHttp: FallbackHttp;
  /** The last `client_pong` (health probe over the socket). */
  private lastPong: { at: number; latencyMs: number } | null = null;
  private connectedAt = 0;
  private lastPollFailed = false;
  private readonly keepAlive: (page: PageLifecycle) => () => void;
  private stopKeepAlive: (() => void) | undefined;
  /** The HTTP polling fallback (spec §4 "Connection"). */
  readonly poller: FallbackPoller;
  /** The connection health check (spec §9); its store feeds the health dot. */
  readonly health: HealthMonitor;

  constructor(options: RealtimeClientOptions) {
    this.session = options.session;
    this.queryClient = options.queryClient;
    this.socket = options.socket ?? createSocket();
    this.notify = options.notify ?? showError;
    this.inform = options.inform ?? showInfo;
    this.incoming = options.incoming ?? chimeForIncoming;
    this.sanctions = options.sanctions ?? sanctionStore;
    this.history = options.history ?? fetchRoomHistory;
    this.olderHistory = options.olderHistory ?? fetchOlderHistory;
    this.newId = options.newId ?? randomId;
    this.page = options.page ?? browserPage;
    this.connection = new Connection(this.socket, this.page, this.connectionEvents(), () => this.authPayload());
    this.joins = new JoinScheduler(this.joinSocket(), this.joinHooks());
    ({ outbox: this.outbox, roomCache: this.roomCache } = localStores(this.session, options));
    this.fallbackHttp = options.fallbackHttp ?? browserFallbackHttp;
    this.keepAlive = options.keepAlive ?? startKeepAlive;
    this.poller = new FallbackPoller({
      roomId: () => this.pollRoomId(),
      lastId: (roomId) => this.lastHeldId(roomId),
      fetch: (roomId, sinceId) => this.fallbackHttp.since(roomId, sinceId),
      received: (roomId, result) => this.receivedByPoll(roomId, result),
      measured: (ok, latencyMs) => {
        this.health.record(ok, latencyMs, true);
        // The server answers again after failed polls: what waited in the outbox goes now.
        const roomId = this.store.getState().joinedRoomId;
        if (ok && this.lastPollFailed && roomId) void this.sender.flush(roomId);
        this.lastPollFailed = !ok;
      },
      backup: (active) => this.health.setBackup(active),
      polling: (active) => {
        this.health.setPolling(active);
        const roomId = this.store.getState().joinedRoomId;
        if (active && roomId) void this.sender.flush(roomId);
      },
      isHidden: () => this.page.isHidden(),
    });
    this.health = new HealthMonitor({
      probe: () => this.probe(),
      transport: () => this.transport(),
      report: (report) => this.fallbackHttp.report(report),
      online: () => this.page.isOnline(),
      connectionType: () =>
        typeof navigator === 'undefined'
          ? 'unknown'
          : ((navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ??
            'unknown'),
      userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
    });
    this.sender = new MessageSender(this.socket, this.outbox, (action) => this.dispatch(action), this.notify, {
      active: () => this.poller.active,
      send: (entry) => this.fallbackHttp.send(entry),
    });
  }

  getState = (): RealtimeState => this.store.getState();

  /** The live socket, for the voice session (its own events; it ends when the socket drops). */
  get voiceSocket(): AppSocket {
    return this.socket;
  }

  /** Lets another feature hear `message` envelopes (the site theme); returns the unsubscribe. */
  onMessage(listener: (envelope: MessageEnvelope) => void): () => void {
    this.socket.on('message', listener);
    return () => void this.socket.off('message', listener);
  }

  private dispatch(action: RealtimeAction): void {
    this.store.setState(realtimeReducer(this.store.getState(), action), true);
  }

  // ---- lifecycle --------------------------------------------------------------------------

  start(): void {
    const socket = this.socket;
    socket.on('authenticated', ({ user, restrictions }) => {
      this.session.updateUser(user);
      // Older servers sent no restrictions: nothing is known to be restricted.
      this.dispatch({ type: 'restrictions', mutedUntil: restrictions?.mutedUntil ?? null });
      this.joins.authenticated(this.session.getState().roomId);
    });
    socket.on('roomUpdate', (update) =>
      followRoomUpdate(update, { queryClient: this.queryClient, session: this.session }),
    );
    socket.on('chatLockUpdated', (locks) => applyChatLock(this.queryClient, locks));
    socket.on('error', (payload) => this.onError(payload));
    socket.on('kicked', (payload) => this.sanctioned(() => this.sanctions.kicked(payload)));
    socket.on('blocked', (payload) => this.sanctioned(() => this.sanctions.blocked(payload)));
    socket.on('message', (envelope) => this.onEnvelope(envelope));
    this.socket.io.on('open', () => this.health.transportChanged());
    socket.on('client_pong', ({ timestamp }) => {
      if (timestamp !== null && timestamp <= Date.now())
        this.lastPong = { at: Date.now(), latencyMs: Date.now() - timestamp };
    });
    this.connection.start();
    this.health.start();
    this.stopKeepAlive = this.keepAlive(this.page);
    this.watchTimelineForCache();
    this.typingTimer = setInterval(() => this.dispatch({ type: 'typingExpired', now: Date.now() }), TYPING_SWEEP_MS);
  }

  stop(): void {
    clearInterval(this.typingTimer);
    this.poller.dispose();
    this.health.stop();
    this.stopKeepAlive?.();
    this.sender.dispose();
    for (const stop of this.stopWatching.splice(0)) stop();
    this.saveCache();
    this.joins.dispose();
    this.connection.stop();
  }

  /**
   * Spec §4 "Moderation": the overlay (or block notice) shows, the connection stops for good and
   * the stored session is cleared, which closes the chat and shows the welcome screen beneath.
   */
  private sanctioned(tell: () => void): void {
    this.connection.halt();
    tell();
    this.session.expire();
  }

  private onError(payload: SocketErrorPayload): void {
    const sanction = sanctionOfError(payload);
    if (sanction) {
      this.sanctioned(() => this.sanctions.refused(sanction, payload.timeLeft));
      return;
    }
    if (payload.code === 'MUTED' && payload.timeLeft && payload.timeLeft > 0) {
      const until = new Date(Date.now() + payload.timeLeft * 1000).toISOString();
      this.dispatch({ type: 'restrictions', mutedUntil: until });
    }
    // A refused join says 'locked' for clients written to spec §4; ours shows the Arabic toast alone.
    this.notify(payload.action === 'joinRoom' ? joinRefusalText(payload) : payload.message);
  }

  private authPayload(): ClientPayload<'auth'> | null {
    const record = this.session.getState().record;
    if (!record) return null;
    return {
      userId: record.userId,
      username: record.username,
      userType: record.userType,
      reconnect: this.socket.recovered || this.store.getState().joinedRoomId !== null,
      reconnectAttempt: 0,
      timestamp: Date.now(),
    };
  }

  private connectionEvents(): ConnectionEvents {
    return {
      connected: () => {
        this.connectedAt = Date.now();
        this.poller.socketUp();
        this.health.transportChanged();
        this.dispatch({ type: 'connected' });
      },
      disconnected: () => {
        this.joins.disconnected();
        this.poller.socketDown();
        this.health.transportChanged();
        this.dispatch({ type: 'disconnected' });
      },
      failed: () => {
        this.poller.socketDown();
        this.dispatch({ type: 'connectFailed' });
      },
      network: (online) => {
        if (online) this.poller.pollNow();
        this.dispatch({ type: 'network', online });
      },
      refused: (refusal) => {
        if (isSanctionCode(refusal.code)) {
          const code = refusal.code;
          this.sanctioned(() => this.sanctions.refused(code, refusal.timeLeft));
        } else if (refusal.code === 'UNAUTHORIZED') this.session.expire();
        else if (refusal.code === 'CLIENT_OUTDATED' || refusal.code === 'TOO_MANY_CONNECTIONS')
          this.dispatch({ type: 'refused', code: refusal.code });
        else this.dispatch({ type: 'connectFailed' });
      },
      visibility: (hidden) => {
        this.poller.visibilityChanged();
        this.dispatch({ type: 'visibility', hidden });
        // Back on the page: anything still queued goes now rather than at the next reconnect.
        const roomId = this.store.getState().joinedRoomId;
        if (!hidden && roomId && (this.socket.connected || this.poller.active)) void this.sender.flush(roomId);
      },
    };
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
    const read = this.roomCache
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
  private watchTimelineForCache(): void {
    let seen = this.store.getState();
    this.stopWatching.push(
      this.store.subscribe((state) => {
        const roomId = state.joinedRoomId;
        const key = roomId && roomTimeline(roomId);
        const changed = key && timelineOf(state, key).messages !== timelineOf(seen, key).messages;
        seen = state;
        if (!changed) return;
        clearTimeout(this.cacheTimer);
        this.cacheTimer = setTimeout(() => this.saveCache(), CACHE_SAVE_DELAY_MS);
      }),
      this.page.onPageHide(() => this.saveCache()),
    );
  }

  private saveCache(): void {
    clearTimeout(this.cacheTimer);
    this.cacheTimer = undefined;
    const roomId = this.store.getState().joinedRoomId;
    // Signed out: the user's database is being deleted, and writing would bring it back.
    if (!roomId || !this.session.getState().record) return;
    const messages = timelineOf(this.store.getState(), roomTimeline(roomId)).messages;
    // Spec §9: on the fallback path the cache keeps the room's last 50.
    void this.roomCache.save(roomId, this.poller.active ? messages.slice(-POLLING.fallbackCacheMessages) : messages);
  }

  private joinSocket(): JoinSocket {
    const socket = this.socket;
    return {
      get connected() {
        return socket.connected;
      },
      join: (roomId) => socket.timeout(SOCKET.timeoutMs).emitWithAck('joinRoom', { roomId }),
    };
  }

  private joinHooks(): JoinHooks {
    return {
      joined: (roomId) => {
        this.poller.roomRejoined();
        this.dispatch({ type: 'joined', roomId });
        void this.loadHistory(roomId);
        void this.restoreQueued(roomId).then(() => this.sender.flush(roomId));
      },
      rejoining: () => this.dispatch({ type: 'rejoining' }),
      refused: (roomId, text, error) => {
        // A join refused for a kick or ban (spec: joins are refused until it ends) is the overlay.
        const sanction = sanctionOfError(error);
        if (sanction) {
          this.sanctioned(() => this.sanctions.refused(sanction, error.timeLeft));
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
      const { deletedIds } = await this.fallbackHttp.since(roomId, toId, fromId);
      this.applyDeleted(roomId, deletedIds ?? []);
    } catch {
      // Not now: the next visit reconciles again.
    }
  }

  private applyDeleted(roomId: string, ids: readonly number[]): void {
    for (const messageId of ids)
      this.dispatch({
        type: 'server',
        envelope: { type: 'messageDeleted', roomId, messageId },
        at: Date.now(),
        myId: null,
      });
  }

  // ---- polling fallback -------------------------------------------------------------------

  /** The room polling follows: the one chosen (joined over the socket or not), never a virtual one. */
  private pollRoomId(): string | null {
    const wanted = this.session.getState().roomId;
    return wanted && !isVirtualRoomId(wanted) ? wanted : null;
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

  /**
   * A poll's answer: new messages go the way socket messages go (buffered while hidden, the
   * sound, no duplicates). A room reached only by polling (the socket never connected) counts as
   * joined, so the reader can write, through the HTTP send.
   */
  private receivedByPoll(roomId: string, result: PollResult): void {
    if (this.store.getState().joinedRoomId !== roomId && !this.socket.connected) {
      this.dispatch({ type: 'joined', roomId });
      this.dispatch({ type: 'historyLoaded', roomId, messages: [] });
      void this.restoreQueued(roomId).then(() => this.sender.flush(roomId));
    }
    for (const message of result.messages) this.onEnvelope({ type: 'newMessage', message });
    this.applyDeleted(roomId, result.deletedIds ?? []);
  }

  /** How the page reaches the server now. */
  private transport(): HealthTransport {
    if (this.socket.connected) return this.socket.io.engine?.transport.name === 'websocket' ? 'websocket' : 'polling';
    return this.poller.active ? 'http' : 'none';
  }

  /**
   * One health probe. Over the socket it listens rather than sends: the connection's own
   * `client_ping` (every 20 s, 30 s hidden) is answered by `client_pong` carrying our timestamp, so
   * the last answer within 35 s is the sample, and none is a failure. Without a socket, `GET
   * /api/ping`.
   */
  private probe(): Promise<number | null> {
    if (!this.socket.connected) {
      const started = performance.now();
      return this.fallbackHttp.ping().then(() => Math.round(performance.now() - started));
    }
    const now = Date.now();
    const window = PING.backgroundMs + 5000;
    if (this.lastPong && now - this.lastPong.at <= window) return Promise.resolve(this.lastPong.latencyMs);
    // Just connected: the first ping has not had its turn yet.
    if (now - this.connectedAt <= window) return Promise.resolve(null);
    return Promise.reject(new Error('no pong'));
  }

  // ---- incoming ---------------------------------------------------------------------------

  private onEnvelope(envelope: MessageEnvelope): void {
    const myId = this.session.getState().record?.userId ?? null;
    if (envelope.type === 'roomJoined') upsertRoom(this.queryClient, envelope.room);
    if (envelope.type === 'userUpdated' && envelope.user.id === myId) this.updateSelf(envelope.user);
    if (envelope.type === 'systemNotification') this.inform(envelope.text);
    if (
      envelope.type === 'newMessage' &&
      envelope.message.senderId !== myId &&
      envelope.message.messageType !== 'system'
    )
      this.incoming(envelope.message);
    if (envelope.type === 'reportCreated') addOpenReport(this.queryClient, envelope.report);
    if (envelope.type === 'reportHandled') reportHandled(this.queryClient, envelope.report);
    this.dispatch({ type: 'server', envelope, at: Date.now(), myId });
  }

  /** Our own record changed (role, settings): the full record if sent, else its public part. */
  private updateSelf(incoming: unknown): void {
    const full = selfUserSchema.safeParse(incoming);
    if (full.success) {
      this.session.updateUser(full.data);
      return;
    }
    const current = this.session.getState().user;
    const profile = publicUserSchema.safeParse(incoming);
    if (current && profile.success) this.session.updateUser({ ...current, ...profile.data });
  }

  // ---- outgoing ---------------------------------------------------------------------------

  /** Shows the message at once, queues it, sends it; the stored copy replaces it when acknowledged. */
  sendMessage(text: string, style: ComposerStyle, extra: { replyToId?: number } = {}): boolean {
    const content = text.trim();
    const roomId = writableRoomId(this.store.getState());
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

  /**
   * Messages queued in an earlier visit (the tab was closed offline): shown as "sending" again
   * before they go, unless this page already shows them.
   */
  private async restoreQueued(roomId: string): Promise<void> {
    const me = this.session.getState().user;
    if (!me) return;
    const entries = await this.outbox.pending(roomId);
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
    void this.outbox.remove(clientMessageId);
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
      messageType: message.messageType === 'image' ? 'image' : 'text',
      textColor: message.textColor,
      bold: message.bold,
    };
    void this.sender.send(entry);
  }

  /** Listens to one server event beside the room's (private messages…); returns the way to stop. */
  listen<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): () => void {
    const socket = this.socket as unknown as {
      on(event: string, listener: unknown): void;
      off(event: string, listener: unknown): void;
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }

  /** Tells the other person of a private conversation that we are typing (or stopped). */
  privateTyping(targetUserId: number, isTyping: boolean): void {
    if (this.socket.connected) this.socket.emit('privateTyping', { targetUserId, isTyping });
  }

  /** Tells the room we are typing, at most every 2 s; `false` clears it at once. */
  setTyping(isTyping: boolean): void {
    const roomId = this.store.getState().joinedRoomId;
    if (!roomId || !this.socket.connected) return;
    const now = Date.now();
    if (isTyping && now - this.lastTypingSent < TYPING_SIGNAL_GAP_MS) return;
    if (!isTyping && this.lastTypingSent === 0) return;
    this.lastTypingSent = isTyping ? now : 0;
    this.socket.emit('typing', { roomId, isTyping });
  }
}
