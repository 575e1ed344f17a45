import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { CountButton } from '../../components/CountButton';
import { useUnreadCount } from '../people/social-queries';
import { closeNotificationPanel, openNotificationPanel, useNotificationPanelOpen } from './bell-store';
import { NOTIFICATION_TEXTS as T } from './texts';

// The panel (its dialog and list) loads when first opened.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** The header's bell: the unread badge, and the panel it opens. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const open = useNotificationPanelOpen();
  // The chat closes (sign-out): the next one starts with the panel closed.
  useEffect(() => closeNotificationPanel, []);
  return (
    <>
      <CountButton
        icon={Bell}
        count={unread}
        label={T.open(unread)}
        title={T.title}
        onClick={openNotificationPanel}
        badgeTestId="notification-badge"
      />
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={closeNotificationPanel} />
        </Suspense>
      )}
    </>
  );
}
