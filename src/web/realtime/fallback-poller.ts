import { POLLING } from '../../shared/constants';
import type { EditedMessage } from '../../shared/api/messages';
import type { Message } from '../../shared/entities/message';

/** One `/since` answer. */
export interface PollResult {
  messages: Message[];
  deletedIds?: number[];
  /** Messages held by the page whose text changed since the previous poll. */
  edited?: EditedMessage[];
  /** The server's time of the answer: the next poll asks for what changed after it. */
  serverTime?: number;
  serverLatency: number;
}

export interface PollerHooks {
  /** The room to follow, or null (none chosen, or a virtual one). */
  roomId(): string | null;
  /** The newest message id this page holds of the room (shown or buffered), if any. */
  lastId(roomId: string): number | undefined;
  fetch(roomId: string, sinceId: number | undefined): Promise<PollResult>;
  /** New messages arrived through a poll. */
  received(roomId: string, result: PollResult): void;
  /** A poll answered (with its round trip) or failed: the health check counts it. */
  measured(ok: boolean, latencyMs: number): void;
  /** Backup mode started (3 failures in a row) or ended (a poll answered again). */
  backup(active: boolean): void;
  /** Polling started or stopped. */
  polling(active: boolean): void;
  isHidden(): boolean;
}

export interface PollerTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  random(): number;
}

const browserTimers: PollerTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  random: Math.random,
};

/** The wait before the next poll: by visibility, backed off on failures, 10× while the socket is healthy. */
export function pollInterval(input: { hidden: boolean; failures: number; socketHealthy: boolean }): number {
  const base = input.hidden ? POLLING.hiddenMs : POLLING.visibleMs;
  const backedOff = Math.min(base * 2 ** Math.min(input.failures, 10), POLLING.maxBackoffMs);
  return input.socketHealthy ? backedOff * POLLING.healthySocketFactor : backedOff;
}

/**
 * The HTTP polling fallback (spec §4 "Connection", §9 "Polling"): when the socket drops or cannot
 * connect, `/since` is polled for the current room from 2–2.5 s later, every 1.5 s (4 s while the
 * tab is hidden), backing off to 30 s on failures; 3 failures in a row force backup mode. When the
 * socket is back, polling goes on 10× slower until the room is joined again, then stops.
 */
export class FallbackPoller {
  private timer: unknown;
  private running = false;
  private inFlight = false;
  private failures = 0;
  private backupMode = false;
  private socketHealthy = false;
  private disposed = false;

  constructor(
    private readonly hooks: PollerHooks,
    private readonly timers: PollerTimers = browserTimers,
  ) {}

  get active(): boolean {
    return this.running;
  }

  get inBackupMode(): boolean {
    return this.backupMode;
  }

  /** The socket dropped or failed to connect: polling starts after 2–2.5 s unless it is back by then. */
  socketDown(): void {
    const wasHealthy = this.socketHealthy;
    this.socketHealthy = false;
    if (this.disposed) return;
    if (this.running) {
      // Polling slowly while the socket looked healthy: back to the usual pace. (Every failed
      // reconnect says "down" again: that must not push the next poll back.)
      if (wasHealthy && !this.inFlight)
        this.schedule(pollInterval({ hidden: this.hooks.isHidden(), failures: this.failures, socketHealthy: false }));
      return;
    }
    if (this.timer !== undefined) return; // the start is already scheduled
    const { startDelayMinMs: min, startDelayMaxMs: max } = POLLING;
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = undefined;
        if (this.socketHealthy || this.disposed) return;
        this.running = true;
        this.hooks.polling(true);
        void this.poll();
      },
      min + Math.floor(this.timers.random() * (max - min)),
    );
  }

  /** The socket connected again: polls continue, 10× slower, until `roomRejoined`. */
  socketUp(): void {
    this.socketHealthy = true;
    if (!this.running) this.cancelTimer();
  }

  /** The socket is back in the room (it gets every message again): polling stops. */
  roomRejoined(): void {
    this.socketHealthy = true;
    this.stop();
  }

  /** The tab became visible or hidden: the next poll follows the new pace. */
  visibilityChanged(): void {
    if (this.running && !this.inFlight)
      this.schedule(
        pollInterval({ hidden: this.hooks.isHidden(), failures: this.failures, socketHealthy: this.socketHealthy }),
      );
  }

  /** Polls at once (the network came back, the room changed). */
  pollNow(): void {
    if (this.running && !this.inFlight) {
      this.cancelTimer();
      void this.poll();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.stop();
  }

  private stop(): void {
    this.cancelTimer();
    if (this.running) {
      this.running = false;
      this.hooks.polling(false);
    }
    this.failures = 0;
    this.setBackup(false);
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(ms: number): void {
    this.cancelTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, ms);
  }

  private async poll(): Promise<void> {
    if (!this.running || this.inFlight) return;
    const roomId = this.hooks.roomId();
    if (roomId) {
      this.inFlight = true;
      const started = this.timers.now();
      try {
        const result = await this.hooks.fetch(roomId, this.hooks.lastId(roomId));
        this.hooks.measured(true, this.timers.now() - started);
        this.failures = 0;
        this.setBackup(false);
        // Still following that room (no stop or room change meanwhile).
        if (this.running && this.hooks.roomId() === roomId) this.hooks.received(roomId, result);
      } catch {
        this.hooks.measured(false, this.timers.now() - started);
        this.failures++;
        if (this.failures >= POLLING.backupAfterFailures) this.setBackup(true);
      } finally {
        this.inFlight = false;
      }
    }
    if (this.running)
      this.schedule(
        pollInterval({ hidden: this.hooks.isHidden(), failures: this.failures, socketHealthy: this.socketHealthy }),
      );
  }

  private setBackup(active: boolean): void {
    if (this.backupMode === active) return;
    this.backupMode = active;
    this.hooks.backup(active);
  }
}
