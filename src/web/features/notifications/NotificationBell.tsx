import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={T.open(unread)}
        title={T.title}
        aria-haspopup="dialog"
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10"
      >
        <Bell aria-hidden="true" className="h-5 w-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 end-1 min-w-5 rounded-full bg-destructive px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
