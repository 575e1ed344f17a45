import type { Core, Module } from '../module';
import type { PresenceModule } from '../presence';
import { createMessageFlood, type MessageFlood } from './message-flood';
import { announceModeration, keepWordFilterInSync } from './moderation.gateway';
import { createModerationLog, type ModerationLog } from './moderation-log';
import { moderationRetention } from './moderation.retention';
import { registerModerationRoutes } from './moderation.routes';
import { createReportsRepo } from './reports.repo';
import { createReportsService, type ReportsService } from './reports.service';
import { createSanctionsRepo, type SanctionsRepo } from './sanctions.repo';
import { createSanctionsService, type SanctionsService } from './sanctions.service';
import { createWordFilterRepo } from './word-filter.repo';
import { createWordFilterService, type WordFilterService } from './word-filter.service';
import { REPORT_TEXTS } from './texts';

export type { FloodTicket, MessageFlood, MessageFloodLimits } from './message-flood';
export type { ModerationLog } from './moderation-log';
export type { ReportsService } from './reports.service';
export type { SanctionsRepo } from './sanctions.repo';
export type { SanctionsService } from './sanctions.service';
export type { ScreenedMessage, WordFilterService } from './word-filter.service';
/** What sanctions in force forbid right now: every module that lets someone act asks these. */
export { barredError, isMuted, NO_RESTRICTIONS, postingError, restrictionsOf, type Restrictions } from './restrictions';
/** Why the site reports what holds words staff flag (a message, a wall post). */
export const flaggedWordsReason = REPORT_TEXTS.flaggedReason;
/** The record of every staff action, for the owner script (outside the app). */
export { createModerationLog } from './moderation-log';
export { moderationRetention } from './moderation.retention';

export interface ModerationModule extends Module {
  sanctions: SanctionsService;
  /** Sanctions in force on users (a user's live record, a private message's sender). */
  sanctionsRepo: Pick<SanctionsRepo, 'inForceOnUsers'>;
  /** The record of every action, staff's and the site's (room and role changes record here too). */
  log: ModerationLog;
  /** The word filter every name, room and message goes through. */
  words: WordFilterService;
  reports: ReportsService;
  /** Flood control of messages: one allowance per person for room and private messages together. */
  flood: MessageFlood;
}

/**
 * What moderation reads in the modules built after it (they screen names and record actions
 * through it): passed as functions, called only when someone acts.
 */
export interface ModerationLookups {
  users: Parameters<typeof createSanctionsService>[0]['users'];
  sessions: Parameters<typeof createSanctionsService>[0]['sessions'];
  messages: Parameters<typeof createReportsService>[0]['messages'];
  rooms: Parameters<typeof createReportsService>[0]['rooms'];
}

/**
 * Moderation: sanctions (kick, mute, ban, block) and what they forbid, the log, reports, the word
 * filter and flood control.
 */
export function createModerationModule(
  core: Core,
  deps: { presence: Pick<PresenceModule, 'service'>; lookups: ModerationLookups },
): ModerationModule {
  const { db, bus, clock, config } = core;
  const presence = deps.presence.service;
  const { users, sessions, messages, rooms } = deps.lookups;
  const log = createModerationLog(db, bus);
  const sanctionsRepo = createSanctionsRepo(db);
  const sanctions = createSanctionsService({ repo: sanctionsRepo, users, sessions, presence, log, bus, clock });
  // Set once Socket.IO exists: a new word list reaches the other nodes through its adapter.
  let syncWordFilter = (): Promise<void> => Promise.resolve();
  const words = createWordFilterService({
    repo: createWordFilterRepo(db),
    log,
    syncNodes: () => syncWordFilter(),
    onError: core.logError('word filter reload failed'),
  });
  const reports = createReportsService({
    repo: createReportsRepo(db),
    messages,
    users,
    rooms,
    log,
    bus,
    clock,
    limit: config.reportLimit,
  });
  const flood = createMessageFlood({
    limits: config.messageFlood,
    clock,
    redis: core.redis,
    prefix: config.redisPrefix,
  });
  return {
    name: 'moderation',
    retention: moderationRetention(core.db, core.config.retention),
    sanctions,
    sanctionsRepo,
    log,
    words,
    reports,
    flood,
    start: () => words.load(),
    routes: (fastify, http) =>
      registerModerationRoutes(fastify, { sanctions, log, presence, reports, words, cookies: http.cookies }),
    caches(live) {
      syncWordFilter = keepWordFilterInSync(live, words, core.logError('cache reload failed'));
    },
    gateway: announceModeration,
  };
}
