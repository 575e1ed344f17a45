import type { Config } from './config';
import type { Db } from './db/client';
import { sessionsRetention } from './modules/auth';
import { connectionReportsRetention } from './modules/connection-reports';
import { chatImagesDir, chatImagesRetention, discardImages } from './modules/images';
import { roomMessagesRetention } from './modules/messages';
import { moderationRetention } from './modules/moderation';
import type { RetentionRule } from './modules/module';
import { notificationsRetention } from './modules/notifications';
import { privateMessagesRetention } from './modules/private-messages';
import { pushSubscriptionsRetention } from './modules/push';
import { storiesRetention } from './modules/stories';
import { voiceNotesDir, voiceNotesRetention } from './modules/voice-notes';
import {
  createRetentionRepo,
  createRetentionService,
  retentionRunsRetention,
  type RetentionRun,
} from './modules/retention';

/**
 * The rules the running site's modules declare, built without the site (for `npm run
 * retention`). `retention-pass.test.ts` checks it names the same kinds as the app's modules.
 */
export function retentionRulesFor(db: Db, config: Pick<Config, 'retention' | 'dataDir'>): RetentionRule[] {
  const periods = config.retention;
  return [
    ...moderationRetention(db, periods),
    sessionsRetention(db, periods),
    chatImagesRetention(db, chatImagesDir(config.dataDir)),
    notificationsRetention(db, periods),
    roomMessagesRetention(db, periods),
    privateMessagesRetention(db, periods),
    connectionReportsRetention(db),
    pushSubscriptionsRetention(db),
    storiesRetention(db, discardImages(db, config.dataDir)),
    retentionRunsRetention(db, periods),
    voiceNotesRetention(db, voiceNotesDir(config.dataDir)),
  ];
}

/** One pass over the database now, recorded as the command line's; what it deleted per kind. */
export function runRetentionOnce(
  db: Db,
  config: Pick<Config, 'retention' | 'dataDir'>,
  options: { now?: () => number; onError?: (kind: string, error: unknown) => void } = {},
): Promise<RetentionRun> {
  const service = createRetentionService({
    rules: () => retentionRulesFor(db, config),
    repo: createRetentionRepo(db),
    now: options.now ?? (() => Date.now()),
    batchSize: config.retention.batchSize,
    onError: options.onError,
  });
  return service.runPass('cli');
}

/** The report the command prints: one line per kind. */
export function formatRetentionRun(run: RetentionRun): string {
  const width = Math.max(...Object.keys(run.counts).map((kind) => kind.length));
  const lines = Object.entries(run.counts).map(([kind, n]) => `  ${kind.padEnd(width)}  ${n}`);
  const total = Object.values(run.counts).reduce((sum, n) => sum + n, 0);
  const failed = run.failed.length ? `\nFailed (tried again next pass): ${run.failed.join(', ')}` : '';
  return `Retention pass: ${total} deleted in ${run.durationMs} ms\n${lines.join('\n')}${failed}`;
}
