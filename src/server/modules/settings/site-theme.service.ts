import { themeOrDefault, type ThemeId } from '../../../shared/themes/themes';
import { authorize } from '../../authorize';
import type { Actor } from '../../../shared/policy';
import type { DomainEventBus } from '../../events/domain-events';
import type { SettingsRepo } from './settings.repo';

/**
 * The site theme (spec §3, §7): kept in the database, held in memory on every node (pages are
 * rendered in it), changed only by the owner. A change is published as `siteTheme.changed`: the
 * gateway tells every open page, and the other nodes adopt it (site-theme-sync).
 */
export function createSiteThemeService(deps: { repo: SettingsRepo; bus: DomainEventBus }) {
  const { repo, bus } = deps;
  let current: ThemeId = 'default';
  return {
    /** Reads the stored theme (at start, and when another node changed it). */
    async load(): Promise<ThemeId> {
      current = themeOrDefault(await repo.get('siteTheme'));
      return current;
    },
    current: (): ThemeId => current,
    /** Another node changed it: this node's pages follow (its clients are told by the gateway). */
    adopt(theme: string): void {
      current = themeOrDefault(theme);
    },
    async set(actor: Actor, theme: ThemeId): Promise<ThemeId> {
      authorize(actor, 'setSiteTheme');
      await repo.set('siteTheme', theme, actor.id);
      current = theme;
      bus.publish('siteTheme.changed', { siteTheme: theme });
      return theme;
    },
  };
}

export type SiteThemeService = ReturnType<typeof createSiteThemeService>;
