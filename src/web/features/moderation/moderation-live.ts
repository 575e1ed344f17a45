import type { QueryClient } from '@tanstack/react-query';
import { combine, type Realtime, type Unsubscribe } from '../../realtime';
import { addOpenReport, reportHandled } from './reports-query';

/** Staff's report queue follows the live side: a new report joins it, a handled one leaves every open queue. */
export function registerModerationLive(realtime: Pick<Realtime, 'on'>, queryClient: QueryClient): Unsubscribe {
  return combine([
    realtime.on('reportCreated', ({ report }) => addOpenReport(queryClient, report)),
    realtime.on('reportHandled', ({ report }) => reportHandled(queryClient, report)),
  ]);
}
