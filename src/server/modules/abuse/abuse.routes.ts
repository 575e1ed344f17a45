import type { FastifyInstance } from 'fastify';
import { moderationEndpoints } from '../../../shared/api/moderation';
import { reportsEndpoints } from '../../../shared/api/reports';
import { actorOf, route } from '../../http/route';
import type { SessionCookies } from '../auth/request-session';
import type { ReportsService } from './reports.service';
import type { WordFilterService } from './word-filter.service';

/** A full word list: 2000 entries of up to 50 letters (2 bytes each in UTF-8), with their JSON. */
const WORDS_BODY_LIMIT = 512 * 1024;

/** Reports (anyone signed in; the queue for staff) and the word filter (admin and up). */
export function registerAbuseRoutes(
  fastify: FastifyInstance,
  deps: { reports: ReportsService; words: WordFilterService; cookies: SessionCookies },
) {
  const { reports, words } = deps;

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
