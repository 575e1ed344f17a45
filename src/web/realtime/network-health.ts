import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ConnectionReport, HealthBand } from '../../shared/api/connection';
import { HEALTH } from '../../shared/constants';

export interface HealthSample {
  ok: boolean;
  latencyMs: number;
}

export interface HealthScore {
  score: number;
  band: HealthBand;
  /** Answered probes of those sent (0–1). */
  successRate: number;
  /** Mean round trip of the answered ones, ms (0 if none answered). */
  latencyMs: number;
  samples: number;
}

/** Spec §9 "Health score bands". */
export function bandOf(score: number): HealthBand {
  const { bands } = HEALTH;
  if (score >= bands.excellent) return 'excellent';
  if (score >= bands.good) return 'good';
  if (score >= bands.fair) return 'fair';
  if (score >= bands.poor) return 'poor';
  return 'critical';
}

/**
 * Spec §9: success rate and latency into one score. Full marks, less 50 below a 50 % success rate
 * (25 below 80 %), less 30 above 1000 ms (15 above 500 ms). So a slow but steady line is "good",
 * a line losing most probes is "poor" or "critical".
 */
export function scoreOf(samples: readonly HealthSample[]): HealthScore | null {
  if (samples.length === 0) return null;
  const answered = samples.filter((s) => s.ok);
  const successRate = answered.length / samples.length;
  const latencyMs =
    answered.length === 0 ? 0 : Math.round(answered.reduce((sum, s) => sum + s.latencyMs, 0) / answered.length);
  let score = 100;
  if (successRate < 0.5) score -= 50;
  else if (successRate < 0.8) score -= 25;
  if (latencyMs > 1000) score -= 30;
  else if (latencyMs > 500) score -= 15;
  score = Math.max(0, Math.min(100, score));
  return { score, band: bandOf(score), successRate, latencyMs, samples: samples.length };
}

export type HealthTransport = ConnectionReport['metrics']['transport'];

export interface NetworkHealthState {
  /** Null until the first check. */
  current: HealthScore | null;
  /** How the page reaches the server now. */
  transport: HealthTransport;
  /** Polling is carrying the chat (the socket is down). */
  polling: boolean;
  /** Three polls failed in a row. */
  backup: boolean;
}

export interface HealthProbes {
  /**
   * A round trip to the server (the socket's ping, else an HTTP ping): its ms, a rejection when it
   * failed, or null when there is nothing to measure yet.
   */
  probe(): Promise<number | null>;
  transport(): HealthTransport;
  report(report: ConnectionReport): Promise<unknown>;
  /** The device has no network at all: nothing is reported. */
  online(): boolean;
  connectionType(): string;
  userAgent(): string;
}

/**
 * The network health check (spec §9 "Connection health check"): every 30 s one probe; with the
 * polls' own results, the last 10 give the score shown by the dot and sent to `/api/connection-report`.
 */
export class NetworkHealthMonitor {
  readonly store: StoreApi<NetworkHealthState> = createStore<NetworkHealthState>()(() => ({
    current: null,
    transport: 'none',
    polling: false,
    backup: false,
  }));
  private samples: HealthSample[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private pollFailures = 0;

  constructor(private readonly probes: HealthProbes) {}

  start(): void {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.check(), HEALTH.checkEveryMs);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** A measurement from elsewhere (a poll): counted with the probes. */
  record(ok: boolean, latencyMs: number, fromPoll = false): void {
    if (fromPoll) this.pollFailures = ok ? 0 : this.pollFailures + 1;
    this.samples = [...this.samples, { ok, latencyMs }].slice(-HEALTH.window);
    // Polls run every few seconds: the dot follows them between checks (reports stay every 30 s).
    if (fromPoll) this.store.setState({ current: scoreOf(this.samples) });
  }

  setPolling(polling: boolean): void {
    this.store.setState({ polling, transport: this.probes.transport() });
  }

  setBackup(backup: boolean): void {
    this.store.setState({ backup });
  }

  /** The transport changed (connected, upgraded, dropped). */
  transportChanged(): void {
    this.store.setState({ transport: this.probes.transport() });
  }

  /** One check: a probe, the score, the report. */
  async check(): Promise<HealthScore | null> {
    const started = Date.now();
    try {
      const latency = await withTimeout(this.probes.probe(), HEALTH.probeTimeoutMs);
      if (latency !== null) this.record(true, latency);
    } catch {
      this.record(false, Date.now() - started);
    }
    const current = scoreOf(this.samples);
    const transport = this.probes.transport();
    this.store.setState({ current, transport });
    if (current && this.probes.online()) {
      void this.probes
        .report({
          timestamp: Date.now(),
          health: { score: current.score, band: current.band },
          metrics: {
            successRate: current.successRate,
            latencyMs: Math.min(current.latencyMs, 120_000),
            samples: current.samples,
            transport,
            pollFailures: this.pollFailures,
          },
          userAgent: this.probes.userAgent().slice(0, 500),
          connectionType: this.probes.connectionType().slice(0, 32),
        })
        .catch(() => undefined);
    }
    return current;
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
