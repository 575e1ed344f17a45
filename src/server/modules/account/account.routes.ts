import type { FastifyInstance } from 'fastify';
import { usersEndpoints } from '../../../shared/api/users';
import { actorOf, route } from '../../http/route';
import type { SessionCookies } from '../auth';
import type { AccountService } from './account.service';

export function registerAccountRoutes(
  fastify: FastifyInstance,
  deps: { account: AccountService; cookies: SessionCookies; attemptsPerMinute: number },
) {
  const { account, cookies } = deps;

  route(fastify, usersEndpoints.uploadAvatar, deps, async ({ session, params, files }) => ({
    user: await account.uploadAvatar(actorOf(session), params.id, files.avatar),
  }));

  route(fastify, usersEndpoints.exportData, deps, async ({ session, params, reply }) => {
    const exported = await account.exportData(actorOf(session), params.id);
    reply
      .header('content-disposition', `attachment; filename="majlis-data-${params.id}.json"`)
      .header('cache-control', 'no-store');
    return exported;
  });

  const limited = { cookies, config: { rateLimit: { max: deps.attemptsPerMinute, timeWindow: '1 minute' } } };
  route(fastify, usersEndpoints.deleteAccount, limited, async ({ session, params, body, reply }) => {
    await account.deleteAccount(actorOf(session), params.id, body.password);
    cookies.clear(reply);
    return { ok: true as const };
  });
}
