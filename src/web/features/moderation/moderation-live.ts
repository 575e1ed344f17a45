import type { QueryClient } from '@tanstack/react-query';
import { combine, type Realtime, type Unsubscribe } from '../../realtime';
import { PANEL_KEYS } from './panel/panel-keys';
import { addOpenReport, reportHandled } from './reports-query';

/** Arrivals and departures refetch the panel's online list at most this often (a busy site moves a lot). */
export const ONLINE_REFRESH_MS = 2000;

/**
 * Staff's lists follow the live side: a new report joins the queue, a handled one leaves every
 * open queue; each logged action (`moderationLogged`: a sanction, a lift, a role, a lock…) makes
 * the panel's lists stale, fetched again at once when shown; people coming and going (the rooms'
 * counts) refresh the online list. Lists not on screen are only marked stale: opening fetches them.
 */
export function registerModerationLive(realtime: Pick<Realtime, 'on'>, queryClient: QueryClient): Unsubscribe {
  let onlineTimer: ReturnType<typeof setTimeout> | undefined;
  const refreshOnline = () => {
    onlineTimer ??= setTimeout(() => {
      onlineTimer = undefined;
      void queryClient.invalidateQueries({ queryKey: PANEL_KEYS.online });
    }, ONLINE_REFRESH_MS);
  };
  return combine([
    realtime.on('reportCreated', ({ report }) => addOpenReport(queryClient, report)),
    realtime.on('reportHandled', ({ report }) => reportHandled(queryClient, report)),
    realtime.on('moderationLogged', () => {
      for (const queryKey of [PANEL_KEYS.sanctions, PANEL_KEYS.log, PANEL_KEYS.online, PANEL_KEYS.words])
        void queryClient.invalidateQueries({ queryKey });
    }),
    realtime.on('roomUpdate', (update) => {
      if (update.type === 'userCountUpdate' || update.type === 'userCounts') refreshOnline();
    }),
    () => clearTimeout(onlineTimer),
  ]);
}
