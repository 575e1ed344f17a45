import type { RetentionRule } from '../module';
import type { RetentionRepo } from './retention.repo';

/** What one pass did: when, and rows deleted (or cleared) per kind; kinds whose sweep failed. */
export interface RetentionRun {
  startedAt: string;
  finishedAt: string;
  source: string;
  durationMs: number;
  counts: Record<string, number>;
  failed: string[];
}

/** A rule that never comes back short (a bug) still ends the pass: at most this many batches. */
const MAX_BATCHES_PER_RULE = 10_000;

/** Lets the node answer requests between two batches. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs every rule (those marked `last` after the others), each in batches of `batchSize` until a
 * batch comes back short. A rule that fails is logged and counted as failed; the others still run.
 */
export async function runRetentionPass(options: {
  rules: readonly RetentionRule[];
  now: () => number;
  batchSize: number;
  onError?: (kind: string, error: unknown) => void;
}): Promise<Pick<RetentionRun, 'counts' | 'failed'>> {
  const ordered = [...options.rules.filter((rule) => !rule.last), ...options.rules.filter((rule) => rule.last)];
  const counts: Record<string, number> = {};
  const failed: string[] = [];
  for (const rule of ordered) {
    counts[rule.kind] ??= 0;
    try {
      for (let batch = 0; batch < MAX_BATCHES_PER_RULE; batch++) {
        const deleted = await rule.sweep(new Date(options.now()), options.batchSize);
        counts[rule.kind]! += deleted;
        if (deleted < options.batchSize) break;
        await yieldToOthers();
      }
    } catch (error) {
      failed.push(rule.kind);
      options.onError?.(rule.kind, error);
    }
  }
  return { counts, failed };
}

export function createRetentionService(deps: {
  rules: () => readonly RetentionRule[];
  repo: RetentionRepo;
  now: () => number;
  batchSize: number;
  onError?: (kind: string, error: unknown) => void;
}) {
  return {
    /** One pass over every rule, recorded (the owner sees the latest). */
    async runPass(source: string): Promise<RetentionRun> {
      const started = deps.now();
      const { counts, failed } = await runRetentionPass({
        rules: deps.rules(),
        now: deps.now,
        batchSize: deps.batchSize,
        onError: deps.onError,
      });
      const finished = deps.now();
      const run = {
        startedAt: new Date(started),
        finishedAt: new Date(finished),
        source,
        durationMs: Math.max(0, finished - started),
        counts,
        failed,
      };
      await deps.repo.record(run);
      return present(run);
    },

    async lastRun(): Promise<RetentionRun | null> {
      const row = await deps.repo.latest();
      return row ? present(row) : null;
    },
  };
}

function present(run: {
  startedAt: Date;
  finishedAt: Date;
  source: string;
  durationMs: number;
  counts: Record<string, number>;
  failed: string[];
}): RetentionRun {
  return {
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt.toISOString(),
    source: run.source,
    durationMs: run.durationMs,
    counts: run.counts,
    failed: run.failed,
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
