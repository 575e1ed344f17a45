import type { FastifyInstance } from 'fastify';
import { moderationEndpoints } from '../../../shared/api/moderation';
import { reportsEndpoints } from '../../../shared/api/reports';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import { actorOf, route, type SessionReader } from '../../http/route';
import type { PresenceService } from '../presence';
import type { ModerationLog } from './moderation-log';
import type { ReportsService } from './reports.service';
import type { SanctionsService } from './sanctions.service';
import type { WordFilterService } from './word-filter.service';

/** A full word list: 2000 entries of up to 50 letters (2 bytes each in UTF-8), with their JSON. */
const WORDS_BODY_LIMIT = 512 * 1024;

/**
 * Sanctions, the log and who is online (staff); reports (anyone signed in; the queue for staff);
 * the word filter (admin and up).
 */
export function registerModerationRoutes(
  fastify: FastifyInstance,
  deps: {
    sanctions: SanctionsService;
    log: ModerationLog;
    presence: PresenceService;
    reports: ReportsService;
    words: WordFilterService;
    cookies: SessionReader;
  },
) {
  const { sanctions, log, presence, reports, words } = deps;
  const staff = (actor: Actor) => authorize(actor, 'viewModeration');

  route(fastify, moderationEndpoints.sanction, deps, async ({ session, params, body }) => ({
    sanction: await sanctions.impose(actorOf(session), params.action, body),
  }));

  route(fastify, moderationEndpoints.lift, deps, async ({ session, params }) => {
    await sanctions.lift(actorOf(session), params.action, params.targetId);
    return { ok: true as const };
  });

  route(fastify, moderationEndpoints.sanctions, deps, async ({ session }) => ({
    sanctions: await sanctions.listInForce(actorOf(session)),
  }));

  route(fastify, moderationEndpoints.log, deps, async ({ session, query }) => {
    staff(actorOf(session));
    return log.list(query);
  });

  route(fastify, moderationEndpoints.online, deps, async ({ session }) => {
    staff(actorOf(session));
    const members = await presence.allMembers();
    return { users: members.map(({ roomId, user }) => ({ ...user, roomId })) };
  });

  route(fastify, reportsEndpoints.create, deps, async ({ session, body, reply }) => {
    const { report, created } = await reports.create(actorOf(session), body);
    // A repeat of an open report answers with that report, as it was.
    reply.code(created ? 201 : 200);
    return { report };
  });

  route(fastify, reportsEndpoints.queue, deps, async ({ session, query }) => ({
    reports: await reports.queue(actorOf(session), query.status),
  }));

  route(fastify, reportsEndpoints.handle, deps, async ({ session, params, body }) => ({
    report: await reports.handle(actorOf(session), params.id, body),
  }));

  route(fastify, moderationEndpoints.words, deps, async ({ session }) => ({
    words: await words.list(actorOf(session)),
  }));

  route(fastify, moderationEndpoints.setWords, { ...deps, bodyLimit: WORDS_BODY_LIMIT }, async ({ session, body }) => ({
    words: await words.replace(actorOf(session), body.words),
  }));
}
