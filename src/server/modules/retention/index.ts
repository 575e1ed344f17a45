import type { Timer } from '../../clock';
import type { Core, Module, RetentionRule } from '../module';
import { createRetentionRepo, retentionRunsRetention } from './retention.repo';
import { createRetentionService, type RetentionRun } from './retention.service';

export { cutoff, DAY_MS, type RetentionPeriods } from './periods';
export { retentionRunsRetention } from './retention.repo';
export { createRetentionRepo } from './retention.repo';
export { createRetentionService, runRetentionPass, type RetentionRun } from './retention.service';

export interface RetentionModule extends Module {
  /** Runs one pass now (every rule), records it and returns it. */
  runPass(source?: string): Promise<RetentionRun>;
  /** The latest recorded pass on any node (or the command line), for the owner. */
  lastRun(): Promise<RetentionRun | null>;
}

/**
 * The privacy page's promises kept: every module's retention rules run in one pass, hourly on
 * every node. Each sweep deletes a batch by id and tolerates finding nothing, so two nodes'
 * passes at once are harmless; with Redis, a short lock makes the other nodes skip that hour's.
 */
export function createRetentionModule(core: Core, deps: { rules: () => readonly RetentionRule[] }): RetentionModule {
  const { clock, config, redis } = core;
  const own = [retentionRunsRetention(core.db, config.retention)];
  const service = createRetentionService({
    rules: () => [...deps.rules(), ...own],
    repo: createRetentionRepo(core.db),
    now: () => clock.now(),
    batchSize: config.retention.batchSize,
    onError: (kind, err) => core.log.error({ err, kind }, 'retention sweep failed'),
  });
  const lockKey = `${config.redisPrefix}:retention:pass`;
  let running: Promise<unknown> | undefined;
  let timer: Timer | undefined;
  let stopped = false;

  /** The other nodes' passes of the same hour are skipped (the first to take the lock runs it). */
  async function mayRun(): Promise<boolean> {
    if (!redis) return true;
    const taken = await redis.set(lockKey, String(clock.now()), {
      condition: 'NX',
      expiration: { type: 'PX', value: Math.floor(config.retention.everyMs / 2) },
    });
    return taken === 'OK';
  }

  function tick(): void {
    if (running || stopped) return;
    running = core.writes
      .track(
        (async () => {
          if (!(await mayRun())) return;
          const run = await service.runPass('node');
          const deleted = Object.values(run.counts).reduce((sum, n) => sum + n, 0);
          core.log.info(
            { counts: run.counts, failed: run.failed, durationMs: run.durationMs },
            `retention pass: ${deleted} deleted`,
          );
        })(),
      )
      .catch(core.logError('retention pass failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    name: 'retention',
    runPass: (source = 'node') => service.runPass(source),
    lastRun: () => service.lastRun(),
    start() {
      if (config.retention.everyMs > 0) timer = clock.every(config.retention.everyMs, tick);
    },
    stop() {
      stopped = true;
      timer?.cancel();
    },
    async drain() {
      await running;
    },
  };
}
