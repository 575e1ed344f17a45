import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CountButton } from '../../components/CountButton';
import { useUnreadCount } from '../people/social-queries';
import { NOTIFICATION_TEXTS as T } from './texts';

// The panel (its dialog and list) loads when first opened.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** The header's bell: the unread badge, and the panel it opens. */
export function NotificationBell() {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CountButton
        icon={Bell}
        count={unread}
        label={T.open(unread)}
        title={T.title}
        onClick={() => setOpen(true)}
        badgeTestId="notification-badge"
      />
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
