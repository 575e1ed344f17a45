import type { Live } from '../../realtime/live';
import type { SiteThemeService } from './site-theme.service';

declare module '../../realtime/types' {
  interface InterServerEvents {
    /** The owner changed the site theme: each node renders pages in it. */
    siteThemeChanged: (theme: string) => void;
  }
}

/**
 * Keeps every node's copy of the site theme equal: a change made on one node is sent to the
 * others through the adapter, ahead of the broadcast to pages, so a page loaded from any node
 * right after is rendered in the new theme.
 */
export function keepSiteThemeInSync(live: Live, siteTheme: SiteThemeService): void {
  if (!live.clustered) return;
  live.io.on('siteThemeChanged', (theme) => siteTheme.adopt(theme));
  live.on('siteTheme.changed', ({ siteTheme: theme }) => live.io.serverSideEmit('siteThemeChanged', theme));
}

/** Every open page switches to the new site theme. */
export function announceSiteTheme(live: Live): void {
  live.on('siteTheme.changed', ({ siteTheme }) => live.io.emit('message', { type: 'site_theme_update', siteTheme }));
}
