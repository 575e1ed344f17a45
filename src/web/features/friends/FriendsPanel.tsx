import type { FriendRequest } from '../../../shared/api/friends';
import type { PublicUser } from '../../../shared/entities/user';
import { UserAvatar } from '../../components/avatar';
import { Spinner } from '../../components/Spinner';
import { errorToastText } from '../../lib/api';
import { showError } from '../../lib/toast';
import { openUserCard } from '../people/user-card-store';
import { acceptFriend, cancelFriendRequest, declineFriend } from '../people/people-api';
import { useSession } from '../session/session-store';
import { useFriendRequests, useFriends, useIgnoredIds } from '../people/social-queries';
import { FRIENDS_TEXTS as T } from './texts';

const run = (work: Promise<unknown>) => void work.catch(showError);

function openCard(user: PublicUser) {
  openUserCard({
    id: user.id,
    username: user.username,
    role: user.role,
    userType: user.userType,
    gender: user.gender,
    profileImage: user.profileImage,
  });
}

function Person({ user, children }: { user: PublicUser; children?: React.ReactNode }) {
  return (
    <li className="flex items-center gap-1">
      <button
        type="button"
        onClick={() => openCard(user)}
        aria-haspopup="dialog"
        aria-label={T.openCard(user.username)}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-1.5 text-start hover:bg-muted"
      >
        <span className="relative shrink-0">
          <UserAvatar user={user} />
          <span
            aria-hidden="true"
            className={`absolute -bottom-0.5 -end-0.5 h-3 w-3 rounded-full border-2 border-card ${user.isOnline ? 'bg-emerald-500' : 'bg-muted-foreground/40'}`}
          />
        </span>
        <span className="min-w-0 flex-1">
          <bdi className="block truncate text-sm font-medium">{user.username}</bdi>
          <span className="block text-xs text-muted-foreground">
            {user.isOnline ? T.online_(user.gender) : T.offline(user.gender)}
          </span>
        </span>
      </button>
      {children}
    </li>
  );
}

function RequestButtons({ request, incoming }: { request: FriendRequest; incoming: boolean }) {
  const small = 'min-h-11 rounded-xl px-2 text-xs font-medium';
  return incoming ? (
    <>
      <button
        type="button"
        className={`${small} bg-primary text-primary-foreground`}
        onClick={() => run(acceptFriend(request.id))}
      >
        {T.accept}
      </button>
      <button type="button" className={`${small} bg-muted`} onClick={() => run(declineFriend(request.id))}>
        {T.decline}
      </button>
    </>
  ) : (
    <button type="button" className={`${small} bg-muted`} onClick={() => run(cancelFriendRequest(request.id))}>
      {T.cancel}
    </button>
  );
}

/** The friends tab: requests waiting for an answer, then friends (online first) with their status. */
export function FriendsPanel() {
  const gender = useSession().user?.gender;
  const friends = useFriends();
  const requests = useFriendRequests().data;
  const ignored = useIgnoredIds();
  if (friends.isPending) return <Spinner label={T.loading} />;
  if (friends.isError)
    return (
      <p role="alert" className="px-3 text-sm text-destructive">
        {errorToastText(friends.error)}
      </p>
    );
  const list = [...friends.data]
    .filter((f) => !ignored.has(f.user.id))
    .sort(
      (a, b) =>
        Number(b.user.isOnline) - Number(a.user.isOnline) || a.user.username.localeCompare(b.user.username, 'ar'),
    );
  const incoming = requests?.incoming ?? [];
  const outgoing = requests?.outgoing ?? [];
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-1 pb-3">
      {incoming.length > 0 && (
        <section aria-labelledby="friend-requests-title" className="mb-2">
          <h3 id="friend-requests-title" className="px-2 pt-1 pb-1 text-xs font-bold text-muted-foreground">
            {T.requests}
          </h3>
          <ul>
            {incoming.map((r) => (
              <Person key={r.id} user={r.from}>
                <RequestButtons request={r} incoming />
              </Person>
            ))}
          </ul>
        </section>
      )}
      {list.length === 0 ? (
        <p className="px-2 py-2 text-sm text-muted-foreground">{T.noFriends(gender)}</p>
      ) : (
        <ul aria-label={T.friends}>
          {list.map((f) => (
            <Person key={f.user.id} user={f.user} />
          ))}
        </ul>
      )}
      {outgoing.length > 0 && (
        <section aria-labelledby="friend-sent-title" className="mt-2">
          <h3 id="friend-sent-title" className="px-2 pt-1 pb-1 text-xs font-bold text-muted-foreground">
            {T.sent}
          </h3>
          <ul>
            {outgoing.map((r) => (
              <Person key={r.id} user={r.to}>
                <RequestButtons request={r} incoming={false} />
              </Person>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
