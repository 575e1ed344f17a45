import { showInfo } from '../../lib/toast';
import type { Realtime, Unsubscribe } from '../../realtime';

/** A notice from the site to one person (`systemNotification`: a report handled…), shown as a plain toast. */
export function registerSiteNotices(
  realtime: Pick<Realtime, 'on'>,
  inform: (text: string) => void = showInfo,
): Unsubscribe {
  return realtime.on('systemNotification', ({ text }) => inform(text));
}
