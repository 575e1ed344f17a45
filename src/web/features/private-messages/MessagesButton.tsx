import { MessageCircle } from 'lucide-react';
import { unreadTotal } from './pm-state';
import { openMessagesPanel, usePm } from './pm-store';
import { PM_TEXTS as T } from './texts';

/** The header's private messages button, with the number of unread messages on it. */
export function MessagesButton() {
  const unread = usePm(unreadTotal);
  return (
    <button
      type="button"
      onClick={openMessagesPanel}
      aria-label={T.openPanel(unread)}
      title={T.title}
      aria-haspopup="dialog"
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10"
    >
      <MessageCircle aria-hidden="true" className="h-5 w-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="pm-unread-badge"
          className="absolute end-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-destructive-foreground tabular-nums"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}
