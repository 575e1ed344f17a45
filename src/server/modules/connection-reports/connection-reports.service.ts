import type { ConnectionReport } from '../../../shared/api/connection';
import type { Clock } from '../../clock';
import type { ConnectionReportsRepo } from './connection-reports.repo';

/** Connection reports are kept this long, then deleted by the retention pass. */
export const CONNECTION_REPORT_RETENTION_MS = 7 * 24 * 60 * 60_000;

export function createConnectionReportsService(deps: { repo: ConnectionReportsRepo; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /** Stores what a signed-in page measured (already parsed and bounded by the shared schema). */
    async record(userId: number, report: ConnectionReport): Promise<void> {
      await repo.insert({
        userId,
        score: report.health.score,
        band: report.health.band,
        successRate: report.metrics.successRate,
        latencyMs: Math.round(report.metrics.latencyMs),
        samples: report.metrics.samples,
        transport: report.metrics.transport,
        pollFailures: report.metrics.pollFailures,
        connectionType: report.connectionType,
        userAgent: report.userAgent,
        clientTimestamp: report.timestamp,
        createdAt: new Date(clock.now()),
      });
    },
  };
}

export type ConnectionReportsService = ReturnType<typeof createConnectionReportsService>;
