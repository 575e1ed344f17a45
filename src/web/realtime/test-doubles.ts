/** Stand-ins for the socket and the page, for the realtime tests (imported only by tests). */
import type { ConnectionReport } from '../../shared/api/connection';
import type { Message } from '../../shared/entities/message';
import type { AppSocket } from './socket-link';
import type { FallbackHttp } from './fallback-http';
import type { PollResult } from './fallback-poller';
import type { QueuedMessage } from './outbox';
import type { PageLifecycle } from './page-lifecycle';

type Handler = (...args: never[]) => void;

/** Socket.IO's own events: never given to `onAny` listeners. */
const RESERVED = new Set(['connect', 'connect_error', 'disconnect']);

interface PendingAck {
  event: string;
  payload: unknown;
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
}

/** Enough of a Socket.IO client socket for the realtime client; the test plays the server. */
export class FakeSocket {
  connected = false;
  active = false;
  recovered = false;
  connectCalls = 0;
  disconnectCalls = 0;
  reconnectionEnabled = true;
  /** Plain emits, in order. */
  readonly emitted: [string, unknown][] = [];
  /** Emits waiting for their acknowledgement, in order. */
  readonly acks: PendingAck[] = [];
  private readonly handlers = new Map<string, Handler[]>();
  private anyHandlers: ((event: string, ...args: unknown[]) => void)[] = [];
  readonly io = {
    reconnection: (enabled: boolean) => {
      this.reconnectionEnabled = enabled;
    },
    on: () => this.io,
    off: () => this.io,
    opts: { transports: ['websocket', 'polling'] as string[] },
  };

  asSocket(): AppSocket {
    return this as unknown as AppSocket;
  }

  on(event: string, handler: Handler): this {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }

  off(event: string, handler: Handler): this {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }

  /** Every event the server sends (Socket.IO's own connect/disconnect/connect_error excepted). */
  onAny(handler: (event: string, ...args: unknown[]) => void): this {
    this.anyHandlers.push(handler);
    return this;
  }

  offAny(handler: (event: string, ...args: unknown[]) => void): this {
    this.anyHandlers = this.anyHandlers.filter((h) => h !== handler);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  emit(event: string, payload?: unknown): this {
    this.emitted.push([event, payload]);
    return this;
  }

  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, payload: unknown) =>
        new Promise((resolve, reject) => this.acks.push({ event, payload, resolve, reject })),
    };
  }

  connect(): this {
    this.connectCalls++;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls++;
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  // ---- the server's side --------------------------------------------------------------------

  fire(event: string, ...args: unknown[]): void {
    if (!RESERVED.has(event)) for (const handler of [...this.anyHandlers]) handler(event, ...args);
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }

  accept(): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  /** A handshake refused by the server's middleware: Socket.IO gives up on this attempt. */
  refuse(data: unknown, message = 'refused'): void {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', Object.assign(new Error(message), { data }));
  }

  /** A transport failure: Socket.IO keeps retrying on its own. */
  failTransport(): void {
    this.connected = false;
    this.fire('connect_error', new Error('websocket error'));
  }

  drop(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  emitsOf(event: string): unknown[] {
    return this.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
  }

  /** Answers the oldest emit of `event` still waiting. */
  async answer(event: string, reply: unknown): Promise<void> {
    const index = this.acks.findIndex((ack) => ack.event === event);
    if (index < 0) throw new Error(`no ${event} waiting for an answer`);
    const [ack] = this.acks.splice(index, 1);
    ack!.resolve(reply);
    await settle();
  }

  waiting(event: string): unknown[] {
    return this.acks.filter((ack) => ack.event === event).map((ack) => ack.payload);
  }
}

/** Lets pending promise callbacks run (several hops: outbox, acknowledgement, history). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

export class FakePage implements PageLifecycle {
  hidden = false;
  online = true;
  readonly beacons: string[] = [];
  private networkListeners: ((online: boolean) => void)[] = [];
  private visibilityListeners: ((hidden: boolean) => void)[] = [];
  private hideListeners: (() => void)[] = [];

  isHidden(): boolean {
    return this.hidden;
  }

  onVisibilityChange(listener: (hidden: boolean) => void): () => void {
    this.visibilityListeners.push(listener);
    return () => (this.visibilityListeners = this.visibilityListeners.filter((l) => l !== listener));
  }

  onPageHide(listener: () => void): () => void {
    this.hideListeners.push(listener);
    return () => (this.hideListeners = this.hideListeners.filter((l) => l !== listener));
  }

  beacon(path: string): void {
    this.beacons.push(path);
  }

  setHidden(hidden: boolean): void {
    this.hidden = hidden;
    for (const listener of this.visibilityListeners) listener(hidden);
  }

  hide(): void {
    for (const listener of this.hideListeners) listener();
  }

  isOnline(): boolean {
    return this.online;
  }

  onNetworkChange(listener: (online: boolean) => void): () => void {
    this.networkListeners.push(listener);
    return () => (this.networkListeners = this.networkListeners.filter((l) => l !== listener));
  }

  setOnline(online: boolean): void {
    this.online = online;
    for (const listener of this.networkListeners) listener(online);
  }
}

/** The fallback's HTTP calls, answered by the test. */
export class FakeFallbackHttp {
  readonly polls: { roomId: string; sinceId: number | undefined; fromId?: number; changedAfter?: number }[] = [];
  readonly sent: QueuedMessage[] = [];
  readonly reports: ConnectionReport[] = [];
  /** What the next polls answer; an Error is thrown. */
  answer: (roomId: string, sinceId: number | undefined, fromId?: number) => PollResult | Error = () => ({
    messages: [],
    serverLatency: 1,
  });
  sendAnswer: (entry: QueuedMessage) => Message | Error = (entry) => {
    throw new Error(`unexpected HTTP send of ${entry.id}`);
  };
  pingAnswer: () => unknown = () => ({ ok: true, serverTime: 0 });

  readonly http: FallbackHttp = {
    since: async (roomId, sinceId, fromId, changedAfter) => {
      this.polls.push({
        roomId,
        sinceId,
        ...(fromId === undefined ? {} : { fromId }),
        ...(changedAfter === undefined ? {} : { changedAfter }),
      });
      const result = this.answer(roomId, sinceId, fromId);
      if (result instanceof Error) throw result;
      return result;
    },
    send: async (entry) => {
      this.sent.push(entry);
      const result = this.sendAnswer(entry);
      if (result instanceof Error) throw result;
      return result;
    },
    ping: async () => {
      const result = this.pingAnswer();
      if (result instanceof Error) throw result;
      return result;
    },
    report: async (report) => {
      this.reports.push(report);
      return { ok: true };
    },
  };
}
