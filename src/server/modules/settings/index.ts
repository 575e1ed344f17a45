import type { Core, Module } from '../module';
import { registerSettingsRoutes } from './settings.routes';
import { announceSiteTheme, keepSiteThemeInSync } from './settings.gateway';
import { createSettingsRepo } from './settings.repo';
import { createSiteThemeService, type SiteThemeService } from './site-theme.service';

export type { SiteThemeService } from './site-theme.service';

export interface SettingsModule extends Module {
  siteTheme: SiteThemeService;
}

/** Site settings: the site theme the owner chooses (every node holds it; pages render in it). */
export function createSettingsModule(core: Core): SettingsModule {
  const siteTheme = createSiteThemeService({ repo: createSettingsRepo(core.db), bus: core.bus });
  return {
    name: 'settings',
    siteTheme,
    async start() {
      await siteTheme.load();
    },
    routes: (fastify, http) => registerSettingsRoutes(fastify, { siteTheme, cookies: http.cookies }),
    caches: (live) => keepSiteThemeInSync(live, siteTheme),
    gateway: (live) => announceSiteTheme(live),
  };
}
