import { isStaff } from '../../../shared/roles';
import { UserAvatar } from '../../components/avatar';
import { UserName } from '../../components/user-name';
import { cardUserOf, openUserCard } from '../people/user-card-store';
import { useIgnoredIds } from '../people/social-queries';
import { useEffect, useRef, useState } from 'react';
import { useChat, useChatClient } from './timeline/chat-context';
import { onlineIn, onlinePagingOf } from './timeline/chat-state';
import { CHAT_TEXTS as T } from './texts';

/**
 * Who is in the room: staff first, then by name. A big room's list comes a page at a time: the
 * count is the room's total, and the next page loads when the end of the list scrolls into view
 * (or from the button there, for keyboards and screen readers).
 */
export function OnlineUsers({ roomId, myId }: { roomId: string; myId: number | undefined }) {
  const everyone = useChat((s) => onlineIn(s, roomId));
  const paging = useChat((s) => onlinePagingOf(s, roomId));
  // Spec §4: ignored users are filtered from the online list.
  const ignored = useIgnoredIds();
  const users = ignored.size > 0 ? everyone.filter((u) => !ignored.has(u.id)) : everyone;
  const sorted = [...users].sort(
    (a, b) => Number(isStaff(b.role)) - Number(isStaff(a.role)) || a.username.localeCompare(b.username, 'ar'),
  );
  return (
    <section aria-labelledby="online-users-title" className="flex min-h-0 flex-col">
      {/* Under the "online" tab (or the drawer's title) the visible heading is the count alone,
          so the title is not said twice; screen readers still hear what the list is. */}
      <h2 id="online-users-title" className="px-3 pt-3 pb-2 text-sm font-bold text-muted-foreground">
        <span className="sr-only">{T.onlineUsers}: </span>
        {T.onlineCount(paging ? Math.max(paging.total - (everyone.length - users.length), users.length) : users.length)}
      </h2>
      <ul className="min-h-0 overflow-y-auto px-1 pb-3">
        {sorted.map((user) => (
          <li key={user.id} className="online-row">
            <button
              type="button"
              onClick={() => openUserCard(cardUserOf(user))}
              aria-haspopup="dialog"
              className="flex min-h-11 w-full items-center gap-3 rounded-xl px-2 py-1.5 text-start hover:bg-muted"
            >
              <UserAvatar user={user} />
              <UserName user={user} className="min-w-0 flex-1 truncate text-sm font-medium" />
              {user.id === myId ? (
                <span className="text-xs text-muted-foreground">{T.you}</span>
              ) : (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${isStaff(user.role) ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground'}`}
                >
                  {T.roles[user.role]}
                </span>
              )}
            </button>
          </li>
        ))}
        {paging?.hasMore && (
          <li>
            <MoreOnline roomId={roomId} />
          </li>
        )}
      </ul>
      {sorted.length <= 1 && !paging && <p className="px-3 pb-3 text-sm text-muted-foreground">{T.noOneOnline}</p>}
    </section>
  );
}

/** The end of a paged list: loads the next page when seen, or when pressed. */
function MoreOnline({ roomId }: { roomId: string }) {
  const client = useChatClient();
  const ref = useRef<HTMLButtonElement>(null);
  const [loading, setLoading] = useState(false);
  const load = () => {
    setLoading(true);
    void client.loadOnlinePage(roomId).finally(() => setLoading(false));
  };
  useEffect(() => {
    const button = ref.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void client.loadOnlinePage(roomId);
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [client, roomId]);
  return (
    <button
      ref={ref}
      type="button"
      onClick={load}
      disabled={loading}
      className="mt-1 min-h-11 w-full rounded-xl bg-muted px-3 text-sm text-muted-foreground hover:bg-muted/80"
    >
      {loading ? T.loadingOnline : T.moreOnline}
    </button>
  );
}
