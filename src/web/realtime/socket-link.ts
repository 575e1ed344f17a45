import { io, type Socket } from 'socket.io-client';
import { systemEndpoints } from '../../shared/api/system';
import { PING, SOCKET } from '../../shared/constants';
import {
  PROTOCOL_VERSION,
  type ClientPayload,
  type ClientToServerEvents,
  type ConnectRefusal,
  type ServerToClientEvents,
} from '../../shared/realtime/protocol';
import { deviceId } from '../lib/device-id';
import type { PageLifecycle } from './page-lifecycle';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Spec §7: the handshake query describes the device, for diagnostics. */
function handshakeQuery(): Record<string, string> {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    deviceId: deviceId(),
    userAgent: navigator.userAgent.slice(0, 500),
    screen: `${screen.width}x${screen.height}`,
    connectionType: connection?.effectiveType ?? 'unknown',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    language: navigator.language,
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '',
  };
}

/** One socket per tab (spec §7 options), carrying the page's protocol version in the handshake. */
export function createSocket(): AppSocket {
  return io({
    path: SOCKET.path,
    transports: ['websocket', 'polling'],
    // A network that blocks websockets: without this the client would retry the websocket only.
    tryAllTransports: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: SOCKET.reconnectionDelayMs,
    reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
    timeout: SOCKET.timeoutMs,
    withCredentials: true,
    query: handshakeQuery(),
    auth: { protocol: PROTOCOL_VERSION },
    autoConnect: false,
  });
}

const REFUSAL_CODES: readonly string[] = [
  'UNAUTHORIZED',
  'CLIENT_OUTDATED',
  'TOO_MANY_CONNECTIONS',
  'FORBIDDEN_ORIGIN',
  'BANNED',
  'BLOCKED',
  'DEVICE_BLOCKED',
] satisfies ConnectRefusal['code'][];

/** Refusals no reconnect can get past: the page stops trying. */
const FINAL_REFUSALS: readonly ConnectRefusal['code'][] = ['CLIENT_OUTDATED', 'BANNED', 'BLOCKED', 'DEVICE_BLOCKED'];

/** The server's reason for refusing a connection (`connect_error`'s `data`), if it gave one. */
export function refusalOf(error: Error): ConnectRefusal | null {
  const data: unknown = 'data' in error ? error.data : undefined;
  if (data && typeof data === 'object' && 'code' in data && typeof data.code === 'string') {
    if (REFUSAL_CODES.includes(data.code)) {
      const message = 'message' in data && typeof data.message === 'string' ? data.message : '';
      const timeLeft = 'timeLeft' in data && typeof data.timeLeft === 'number' ? data.timeLeft : undefined;
      return { code: data.code as ConnectRefusal['code'], message, ...(timeLeft === undefined ? {} : { timeLeft }) };
    }
  }
  // Older servers named the reason only in the error's message.
  return error.message === 'UNAUTHORIZED' ? { code: 'UNAUTHORIZED', message: '' } : null;
}

/** Socket.IO's own reconnection delays (500 ms doubling to 5 s, ±50 % jitter). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = SOCKET.reconnectionDelayMs * 2 ** Math.min(attempt, 16);
  const deviation = Math.floor(random() * 0.5 * base);
  const delay = Math.floor(random() * 10) % 2 === 0 ? base - deviation : base + deviation;
  return Math.min(delay, SOCKET.reconnectionDelayMaxMs);
}

export interface SocketLinkEvents {
  connected(): void;
  /** The socket dropped and will reconnect. */
  disconnected(): void;
  /** Every drop, a halt's included (what depends on the socket itself ends with it). */
  dropped(reason: string): void;
  /** A transport failure: Socket.IO keeps trying on its own. */
  failed(): void;
  /** The server refused the connection and said why. */
  refused(refusal: ConnectRefusal): void;
  visibility(hidden: boolean): void;
  /** The device lost or regained its network (the browser's online / offline events). */
  network(online: boolean): void;
}

/**
 * The socket link (spec §4 "Connection"): `auth` after each connect, pings every 20 s (30 s
 * hidden), `going_background` and a ping beacon when the page is hidden or goes away, and the
 * retry policy for refused connections.
 */
export class SocketLink {
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  /** Set when this page can no longer connect (outdated): nothing reconnects any more. */
  private halted = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    readonly socket: AppSocket,
    private readonly page: PageLifecycle,
    private readonly events: SocketLinkEvents,
    /** The `auth` payload for this moment; null when no one is signed in. */
    private readonly authPayload: () => ClientPayload<'auth'> | null,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(): void {
    const { socket } = this;
    this.halted = false; // React's development mode stops and starts again
    socket.on('connect', () => {
      this.retries = 0;
      this.events.connected();
      const payload = this.authPayload();
      if (payload) socket.emit('auth', payload);
    });
    socket.on('connect_error', (error) => this.onConnectError(error));
    socket.on('disconnect', (reason) => {
      this.events.dropped(reason);
      if (this.halted) return;
      this.events.disconnected();
      // The server closed us (e.g. a logout elsewhere): try again; a dead session is refused.
      if (reason === 'io server disconnect') this.retryLater(SOCKET.reconnectionDelayMs);
    });
    socket.on('client_pong', () => undefined);

    this.cleanups.push(
      this.page.onVisibilityChange((hidden) => {
        if (hidden) this.goBackground();
        this.events.visibility(hidden);
        this.schedulePing();
      }),
      this.page.onPageHide(() => this.page.beacon(systemEndpoints.pingBeacon.path)),
      this.page.onNetworkChange((online) => {
        this.events.network(online);
        // The network is back: try now rather than at the end of the current backoff.
        if (online && !this.halted && !this.socket.connected) this.retryLater(0);
      }),
    );
    if (this.page.isHidden()) this.events.visibility(true);
    if (!this.page.isOnline()) this.events.network(false);
    socket.connect();
    this.schedulePing();
  }

  /** Stops for good: no reconnect (a kick, a block, an outdated page). */
  halt(): void {
    this.halted = true;
    clearTimeout(this.retryTimer);
    this.socket.io.reconnection(false);
    this.socket.disconnect();
  }

  stop(): void {
    this.halted = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private onConnectError(error: Error): void {
    const refusal = refusalOf(error);
    if (refusal && FINAL_REFUSALS.includes(refusal.code)) {
      // Reconnecting cannot help an old page or a sanctioned user: stop, and say why.
      this.halt();
      this.events.refused(refusal);
      return;
    }
    if (refusal) this.events.refused(refusal);
    else {
      // The transport failed: a network that blocks websockets may still carry HTTP long-polling,
      // so start with polling from now on (an upgrade to websocket is still tried once connected).
      this.socket.io.opts.transports = ['polling', 'websocket'];
      this.events.failed();
    }
    if (refusal?.code === 'UNAUTHORIZED') return; // the session is over; the chat closes
    // Socket.IO does not retry a connection its server refused: keep trying with its own delays.
    if (!this.socket.active) this.retryLater(backoffDelay(this.retries++));
  }

  private retryLater(delay: number): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.halted && !this.socket.connected) this.socket.connect();
    }, delay);
  }

  private goBackground(): void {
    this.page.beacon(systemEndpoints.pingBeacon.path);
    if (this.socket.connected) this.socket.emit('going_background');
  }

  /** client_ping every 20 s, every 30 s while the tab is hidden. */
  private schedulePing(): void {
    clearInterval(this.pingTimer);
    const every = this.page.isHidden() ? PING.backgroundMs : PING.foregroundMs;
    this.pingTimer = setInterval(() => {
      if (this.socket.connected) this.socket.emit('client_ping', { timestamp: Date.now() });
    }, every);
  }
}
