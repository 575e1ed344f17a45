import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Core, Module } from '../module';
import type { SettingsModule } from '../settings';
import { createPageRenderer } from './page-renderer';
import { registerPagesRoutes } from './pages.routes';

export type PagesModule = Module;
/** Every path the sitemap lists (the page-render benchmark walks them). */
export { sitemapPaths } from './sitemap';

/**
 * The public pages, rendered on the server (home, countries, cities, hubs, sub-chats, legal and
 * emoji pages, not-found), with the sitemap and robots.txt, and the built web app's files. Listed
 * last: its routes answer every path no other module claims.
 */
export function createPagesModule(core: Core, deps: { settings: Pick<SettingsModule, 'siteTheme'> }): PagesModule {
  const { config } = core;
  return {
    name: 'pages',
    async routes(fastify, http) {
      const webRoot = config.webDistDir;
      if (existsSync(path.join(webRoot, 'index.html'))) {
        await fastify.register(fastifyStatic, {
          root: webRoot,
          wildcard: false,
          index: false,
          // .br and .gz made at build time (scripts/compress-assets.mjs).
          preCompressed: true,
          setHeaders(res, filePath) {
            // Hashed build assets never change; everything else is revalidated.
            res.header(
              'cache-control',
              filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
            );
          },
        });
      }
      const pages = createPageRenderer({
        webDistDir: webRoot,
        baseUrl: config.publicUrl,
        contactEmail: config.contactEmail,
        retention: {
          publicDays: config.retention.publicDays,
          privateDays: config.retention.privateDays,
          securityDays: config.retention.securityDays,
        },
        installable: config.serviceWorker,
        siteTheme: () => deps.settings.siteTheme.current(),
      });
      registerPagesRoutes(fastify, { pages, baseUrl: config.publicUrl, cookies: http.cookies });
    },
  };
}
