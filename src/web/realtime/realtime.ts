import { createStore, type StoreApi } from 'zustand/vanilla';
import { PING, SOCKET } from '../../shared/constants';
import type { Message } from '../../shared/entities/message';
import type { AckData, AckReply, ClientEventName, ClientPayload, ConnectRefusal } from '../../shared/realtime/protocol';
import { browserFallbackHttp, type FallbackHttp } from './fallback-http';
import { FallbackPoller, type PollResult } from './fallback-poller';
import { startKeepAlive } from './keep-alive';
import { initialLinkState, linkReducer, type LinkAction, type LinkState } from './link-state';
import { LiveEvents, type LiveEventType, type LiveHandler, type Unsubscribe } from './live-events';
import { openLocalStores } from './local-stores';
import { NetworkHealthMonitor, type HealthTransport } from './network-health';
import type { Outbox, QueuedMessage } from './outbox';
import { browserPage, type PageLifecycle } from './page-lifecycle';
import type { RoomCache } from './room-cache';
import { createSocket, SocketLink, type AppSocket, type SocketLinkEvents } from './socket-link';

export interface RealtimeOptions {
  /** Whose local database holds the outbox and the room caches (null: nobody yet, memory only). */
  userId: number | null;
  /**
   * The `auth` payload sent after every connect (null: nobody signed in). `recovered`: Socket.IO
   * restored the previous session, so this is a reconnect.
   */
  auth: (recovered: boolean) => ClientPayload<'auth'> | null;
  /** The rest default to the browser's; tests pass fakes. */
  socket?: AppSocket;
  page?: PageLifecycle;
  outbox?: Outbox;
  roomCache?: RoomCache;
  /** The polling fallback's and the health check's HTTP calls. */
  fallbackHttp?: FallbackHttp;
  /** The silent audio and the service worker (spec §4 "Page keep-alive"); returns its stop. */
  keepAlive?: (page: PageLifecycle) => () => void;
}

/**
 * What the polling fallback follows while the socket is down (the room timeline registers it):
 * which room, from which message on, and what to do when a poll reached it.
 */
export interface PollTarget {
  /** The room to poll, or null (none chosen, or a virtual one). */
  roomId(): string | null;
  /** The newest message id this page holds of the room, if any. */
  lastId(roomId: string): number | undefined;
  /** The oldest, if any: polls also bring edits and deletions of what the page holds. */
  firstId(roomId: string): number | undefined;
  /** A poll of `roomId` answered; its messages are delivered as `newMessage` right after. */
  reached(roomId: string): void;
  /** The fallback can carry messages now (it started, or answers again after failures). */
  resume(): void;
}

/** Refusals the session and sanctions answer (`link:refused`): the link's state stays as it is. */
const ANSWERED_ELSEWHERE: readonly ConnectRefusal['code'][] = ['UNAUTHORIZED', 'BANNED', 'BLOCKED', 'DEVICE_BLOCKED'];

type Payload<E extends ClientEventName> =
  undefined extends ClientPayload<E> ? [payload?: ClientPayload<E>] : [payload: ClientPayload<E>];

/** The one place that treats the typed socket loosely: the registry types `emit` and `request` instead. */
interface LooseSocket {
  emit(event: string, ...args: unknown[]): void;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
}

/**
 * The browser's realtime core: one socket link per tab, the live handlers of every feature
 * (`on`), typed sending (`emit`, `request`), the user's local database (outbox and room caches),
 * the network health check, the HTTP polling fallback and the page keep-alive. It knows no
 * feature: features register their handlers, and the room timeline registers what to poll.
 */
export class Realtime {
  /** The link's state for the screens (the banner, the composer). */
  readonly linkState: StoreApi<LinkState> = createStore<LinkState>()(() => initialLinkState);
  /** The network health check (spec §9); its store feeds the network-health dot. */
  readonly health: NetworkHealthMonitor;
  /** The signed-in user's unsent messages (IndexedDB), room and private alike. */
  readonly outbox: Outbox;
  /** The signed-in user's room caches (IndexedDB). */
  readonly roomCache: RoomCache;
  readonly page: PageLifecycle;
  /** The fallback's HTTP calls (`/since`, the HTTP send, ping, the health report). */
  readonly http: FallbackHttp;
  private readonly socket: AppSocket;
  private readonly link: SocketLink;
  private readonly events = new LiveEvents();
  private readonly poller: FallbackPoller;
  private readonly keepAlive: (page: PageLifecycle) => () => void;
  private readonly running: Unsubscribe[] = [];
  private target: PollTarget | null = null;
  /** The last `client_pong` (the health probe over the socket). */
  private lastPong: { at: number; latencyMs: number } | null = null;
  private connectedAt = 0;
  private lastPollFailed = false;
  /** Per room, the server time of the last poll's answer: the next asks for what changed after it. */
  private readonly polledAt = new Map<string, number>();

  constructor(options: RealtimeOptions) {
    this.socket = options.socket ?? createSocket();
    this.page = options.page ?? browserPage;
    this.http = options.fallbackHttp ?? browserFallbackHttp;
    this.keepAlive = options.keepAlive ?? startKeepAlive;
    ({ outbox: this.outbox, roomCache: this.roomCache } = openLocalStores(options.userId, options));
    this.link = new SocketLink(this.socket, this.page, this.linkEvents(), () => options.auth(this.socket.recovered));
    this.poller = new FallbackPoller({
      roomId: () => this.target?.roomId() ?? null,
      lastId: (roomId) => this.target?.lastId(roomId),
      fetch: async (roomId, sinceId) => {
        const fromId = sinceId === undefined ? undefined : this.target?.firstId(roomId);
        const result = await this.http.since(roomId, sinceId, fromId, this.polledAt.get(roomId));
        if (result.serverTime !== undefined) this.polledAt.set(roomId, result.serverTime);
        return result;
      },
      received: (roomId, result) => this.receivedByPoll(roomId, result),
      measured: (ok, latencyMs) => {
        this.health.record(ok, latencyMs, true);
        // The server answers again after failed polls: what waited in the outbox goes now.
        if (ok && this.lastPollFailed) this.target?.resume();
        this.lastPollFailed = !ok;
      },
      backup: (active) => this.health.setBackup(active),
      polling: (active) => {
        this.health.setPolling(active);
        if (active) this.target?.resume();
      },
      isHidden: () => this.page.isHidden(),
    });
    this.health = new NetworkHealthMonitor({
      probe: () => this.probe(),
      transport: () => this.transport(),
      report: (report) => this.http.report(report),
      online: () => this.page.isOnline(),
      connectionType: () =>
        typeof navigator === 'undefined'
          ? 'unknown'
          : ((navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ??
            'unknown'),
      userAgent: () => (typeof navigator === 'undefined' ? '' : navigator.userAgent),
    });
  }

  // ---- hearing ----------------------------------------------------------------------------

  /**
   * Calls `handler` for every `type` heard until the returned function is called: a server event
   * (`roomUpdate`), a `message` envelope type (`newMessage`), or a link moment (`link:up`).
   */
  on<T extends LiveEventType>(type: T, handler: LiveHandler<T>): Unsubscribe {
    return this.events.on(type, handler);
  }

  // ---- sending ----------------------------------------------------------------------------

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Sends a client event of the registry (Socket.IO buffers it while the socket is down). */
  emit<E extends ClientEventName>(event: E, ...payload: Payload<E>): void {
    (this.socket as unknown as LooseSocket).emit(event, ...payload);
  }

  /** Sends a client event and waits for its acknowledgement; rejects when none came in time. */
  request<E extends ClientEventName>(
    event: E,
    payload: ClientPayload<E>,
    timeoutMs: number = SOCKET.timeoutMs,
  ): Promise<AckReply<AckData<E>>> {
    return (this.socket as unknown as LooseSocket).timeout(timeoutMs).emitWithAck(event, payload) as Promise<
      AckReply<AckData<E>>
    >;
  }

  /** A message sent over HTTP while polling carries the chat (same clientMessageId). */
  sendByHttp(entry: QueuedMessage): Promise<Message> {
    return this.http.send(entry);
  }

  /** Polling carries the chat now (the socket is down). */
  get polling(): boolean {
    return this.poller.active;
  }

  /** The socket is in the followed room again (it hears every message): polling stops. */
  roomJoined(): void {
    this.poller.roomRejoined();
  }

  /** Sets what the polling fallback follows; returns the way to stop following it. */
  follow(target: PollTarget): Unsubscribe {
    this.target = target;
    return () => {
      if (this.target === target) this.target = null;
    };
  }

  // ---- lifecycle --------------------------------------------------------------------------

  start(): void {
    this.socket.onAny(this.events.fromSocket);
    const onOpen = () => this.health.transportChanged();
    this.socket.io.on('open', onOpen);
    this.running.push(
      () => this.socket.offAny(this.events.fromSocket),
      () => void this.socket.io.off('open', onOpen),
      this.on('client_pong', ({ timestamp }) => {
        if (timestamp !== null && timestamp <= Date.now())
          this.lastPong = { at: Date.now(), latencyMs: Date.now() - timestamp };
      }),
    );
    this.link.start();
    this.health.start();
    this.running.push(this.keepAlive(this.page));
  }

  stop(): void {
    this.poller.dispose();
    this.health.stop();
    for (const stop of this.running.splice(0)) stop();
    this.link.stop();
  }

  /** Stops for good: no reconnect (a kick, a ban, a block). */
  halt(): void {
    this.link.halt();
  }

  // ---- inside -----------------------------------------------------------------------------

  private setLink(action: LinkAction): void {
    this.linkState.setState(linkReducer(this.linkState.getState(), action), true);
  }

  private linkEvents(): SocketLinkEvents {
    return {
      connected: () => {
        this.connectedAt = Date.now();
        this.poller.socketUp();
        this.health.transportChanged();
        this.setLink({ type: 'connected' });
        this.events.deliver('link:up', undefined);
      },
      disconnected: () => {
        this.poller.socketDown();
        this.health.transportChanged();
        this.setLink({ type: 'disconnected' });
      },
      dropped: (reason) => this.events.deliver('link:down', { reason }),
      failed: () => {
        this.poller.socketDown();
        this.setLink({ type: 'connectFailed' });
      },
      network: (online) => {
        if (online) this.poller.pollNow();
        this.setLink({ type: 'network', online });
      },
      refused: (refusal) => {
        if (refusal.code === 'CLIENT_OUTDATED' || refusal.code === 'TOO_MANY_CONNECTIONS')
          this.setLink({ type: 'refused', code: refusal.code });
        else if (!ANSWERED_ELSEWHERE.includes(refusal.code)) this.setLink({ type: 'connectFailed' });
        this.events.deliver('link:refused', refusal);
      },
      visibility: () => this.poller.visibilityChanged(),
    };
  }

  /**
   * A poll's answer goes the way the socket's messages go: every `newMessage`, `messageEdited` and
   * `messageDeleted` handler hears it (the hidden-tab buffer, the sound and de-duplication apply).
   */
  private receivedByPoll(roomId: string, result: PollResult): void {
    this.target?.reached(roomId);
    for (const message of result.messages) this.events.deliver('newMessage', { type: 'newMessage', message });
    for (const edit of result.edited ?? [])
      this.events.deliver('messageEdited', { type: 'messageEdited', roomId, ...edit });
    for (const messageId of result.deletedIds ?? [])
      this.events.deliver('messageDeleted', { type: 'messageDeleted', roomId, messageId });
  }

  /** How the page reaches the server now. */
  private transport(): HealthTransport {
    if (this.socket.connected) return this.socket.io.engine?.transport.name === 'websocket' ? 'websocket' : 'polling';
    return this.poller.active ? 'http' : 'none';
  }

  /**
   * One health probe. Over the socket it listens rather than sends: the link's own `client_ping`
   * (every 20 s, 30 s hidden) is answered by `client_pong` carrying our timestamp, so the last
   * answer within 35 s is the sample, and none is a failure. Without a socket, `GET /api/ping`.
   */
  private probe(): Promise<number | null> {
    if (!this.socket.connected) {
      const started = performance.now();
      return this.http.ping().then(() => Math.round(performance.now() - started));
    }
    const now = Date.now();
    const window = PING.backgroundMs + 5000;
    if (this.lastPong && now - this.lastPong.at <= window) return Promise.resolve(this.lastPong.latencyMs);
    // Just connected: the first ping has not had its turn yet.
    if (now - this.connectedAt <= window) return Promise.resolve(null);
    return Promise.reject(new Error('no pong'));
  }
}
