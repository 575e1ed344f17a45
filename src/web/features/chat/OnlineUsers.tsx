import { isStaff } from '../../../shared/roles';
import { UserAvatar } from '../../components/avatar';
import { UserName } from '../../components/user-name';
import { cardUserOf, openUserCard } from '../people/user-card-store';
import { useIgnoredIds } from '../people/social-queries';
import { useChat } from './timeline/chat-context';
import { onlineIn } from './timeline/chat-state';
import { CHAT_TEXTS as T } from './texts';

/** Who is in the room: staff first, then by name. */
export function OnlineUsers({ roomId, myId }: { roomId: string; myId: number | undefined }) {
  const everyone = useChat((s) => onlineIn(s, roomId));
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
        {T.onlineCount(users.length)}
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
      </ul>
      {sorted.length <= 1 && <p className="px-3 pb-3 text-sm text-muted-foreground">{T.noOneOnline}</p>}
    </section>
  );
}
