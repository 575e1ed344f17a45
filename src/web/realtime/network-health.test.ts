import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionReport } from '../../shared/api/connection';
import { HEALTH } from '../../shared/constants';
import { bandOf, NetworkHealthMonitor, scoreOf, type HealthSample } from './network-health';

const samples = (ok: number, failed: number, latencyMs: number): HealthSample[] => [
  ...Array.from({ length: ok }, () => ({ ok: true, latencyMs })),
  ...Array.from({ length: failed }, () => ({ ok: false, latencyMs: 5000 })),
];

describe('the health score (spec §9 bands)', () => {
  it('bands: excellent 90+, good 75+, fair 60+, poor 40+, else critical', () => {
    expect([100, 90, 89, 75, 74, 60, 59, 40, 39, 0].map(bandOf)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
      'critical',
      'critical',
    ]);
  });

  it('is lowered by a success rate under 80 % or 50 % and a latency over 500 ms or 1000 ms', () => {
    expect(scoreOf([])).toBeNull();
    expect(scoreOf(samples(10, 0, 80))).toMatchObject({ score: 100, band: 'excellent', successRate: 1, latencyMs: 80 });
    expect(scoreOf(samples(10, 0, 700))).toMatchObject({ score: 85, band: 'good' });
    expect(scoreOf(samples(7, 3, 100))).toMatchObject({ score: 75, band: 'good', successRate: 0.7 });
    expect(scoreOf(samples(7, 3, 1500))).toMatchObject({ score: 45, band: 'poor' });
    expect(scoreOf(samples(4, 6, 100))).toMatchObject({ score: 50, band: 'poor' });
    expect(scoreOf(samples(4, 6, 1200))).toMatchObject({ score: 20, band: 'critical' });
    expect(scoreOf(samples(0, 3, 0))).toMatchObject({ score: 50, successRate: 0, latencyMs: 0 });
  });
});

describe('the health check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function monitor(probe: () => Promise<number>, online = true) {
    const reports: ConnectionReport[] = [];
    const health = new NetworkHealthMonitor({
      probe,
      transport: () => 'websocket',
      report: async (report) => reports.push(report),
      online: () => online,
      connectionType: () => '4g',
      userAgent: () => 'test',
    });
    return { health, reports };
  }

  it('probes every 30 s, scores the last probes and reports the score', async () => {
    const { health, reports } = monitor(async () => 120);
    health.start();
    await vi.advanceTimersByTimeAsync(HEALTH.checkEveryMs - 1);
    expect(reports).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      health: { score: 100, band: 'excellent' },
      metrics: { successRate: 1, latencyMs: 120, samples: 1, transport: 'websocket', pollFailures: 0 },
      connectionType: '4g',
    });
    expect(health.store.getState().current?.band).toBe('excellent');
    health.stop();
  });

  it('counts a probe that does not answer within 5 s as failed, and polls as samples', async () => {
    const { health, reports } = monitor(() => new Promise<number>(() => undefined));
    health.record(false, 3000, true);
    health.record(false, 3000, true);
    const checked = health.check();
    await vi.advanceTimersByTimeAsync(HEALTH.probeTimeoutMs);
    expect(await checked).toMatchObject({ successRate: 0, band: 'poor' });
    expect(reports[0]!.metrics.pollFailures).toBe(2);
  });

  it('reports nothing while the device has no network', async () => {
    const { health, reports } = monitor(async () => 50, false);
    await health.check();
    expect(reports).toHaveLength(0);
    expect(health.store.getState().current?.score).toBe(100);
  });
});

describe('the dot between checks', () => {
  it('follows the polls as they answer or fail', () => {
    const health = new NetworkHealthMonitor({
      probe: async () => 1,
      transport: () => 'http',
      report: async () => undefined,
      online: () => true,
      connectionType: () => '4g',
      userAgent: () => 'test',
    });
    health.record(true, 200, true);
    expect(health.store.getState().current).toMatchObject({ band: 'excellent', samples: 1 });
    health.record(false, 10_000, true);
    health.record(false, 10_000, true);
    expect(health.store.getState().current).toMatchObject({ band: 'poor', successRate: 1 / 3 });
  });
});
