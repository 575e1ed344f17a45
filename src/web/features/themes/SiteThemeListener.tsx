import { useEffect } from 'react';
import { useRealtime } from '../../realtime';
import { applyTheme } from './apply-theme';
import { dataSaverOn, whenIdle } from './idle';

/**
 * Follows `site_theme_update` on the live side: started once the page is idle, and not at all in
 * data-saver mode (spec §7). Renders nothing.
 */
export function SiteThemeListener() {
  const realtime = useRealtime();
  useEffect(() => {
    if (dataSaverOn()) return;
    let unsubscribe: (() => void) | undefined;
    const cancel = whenIdle(() => {
      unsubscribe = realtime.on('site_theme_update', ({ siteTheme }) => applyTheme(siteTheme));
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [realtime]);
  return null;
}
