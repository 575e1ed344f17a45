import type { FastifyInstance } from 'fastify';
import { settingsEndpoints } from '../../../shared/api/settings';
import { actorOf, route } from '../../http/route';
import type { SessionReader } from '../../http/route';
import type { SiteThemeService } from './site-theme.service';

export function registerSettingsRoutes(
  fastify: FastifyInstance,
  deps: { siteTheme: SiteThemeService; cookies: SessionReader },
) {
  const { siteTheme } = deps;
  route(fastify, settingsEndpoints.siteTheme, deps, async () => ({ siteTheme: siteTheme.current() }));
  route(fastify, settingsEndpoints.setSiteTheme, deps, async ({ session, body }) => ({
    siteTheme: await siteTheme.set(actorOf(session), body.siteTheme),
  }));
}
