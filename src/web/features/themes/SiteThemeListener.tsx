import { useEffect } from 'react';
import { useRealtimeClient } from '../chat/realtime/realtime-context';
import { applyTheme } from './apply-theme';
import { dataSaverOn, whenIdle } from './idle';

/**
 * Follows `site_theme_update` on the live connection: started once the page is idle, and not at
 * all in data-saver mode (spec §7). Renders nothing.
 */
export function SiteThemeListener() {
  const client = useRealtimeClient();
  useEffect(() => {
    if (dataSaverOn()) return;
    let unsubscribe: (() => void) | undefined;
    const cancel = whenIdle(() => {
      unsubscribe = client.onMessage((envelope) => {
        if (envelope.type === 'site_theme_update') applyTheme(envelope.siteTheme);
      });
    });
    return () => {
      cancel();
      unsubscribe?.();
    };
  }, [client]);
  return null;
}
