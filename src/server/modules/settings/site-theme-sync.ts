import type { DomainEventBus } from '../../events/domain-events';
import type { AppServer } from '../../realtime/types';
import type { SiteThemeService } from './site-theme.service';

/**
 * Keeps every node's copy of the site theme equal: a change made on one node is sent to the
 * others through the adapter, ahead of the gateway's broadcast to pages, so a page loaded from any
 * node right after is rendered in the new theme.
 */
export function keepSiteThemeInSync(deps: {
  io: AppServer;
  bus: DomainEventBus;
  siteTheme: SiteThemeService;
  clustered: boolean;
}): () => void {
  const { io, bus, siteTheme, clustered } = deps;
  if (!clustered) return () => undefined;
  io.on('siteThemeChanged', (theme) => siteTheme.adopt(theme));
  return bus.subscribe('siteTheme.changed', ({ siteTheme: theme }) => io.serverSideEmit('siteThemeChanged', theme));
}
