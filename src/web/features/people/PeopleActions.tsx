import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AtSign,
  EyeOff,
  Eye,
  MessageCircle,
  UserCheck,
  UserMinus,
  UserPlus,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { readerGender } from '../../lib/reader-voice';
import { showError, showSuccess } from '../../lib/toast';
import { fetchUser } from './people-api';
import type { CardUser } from './user-card-store';
import { requestMention } from './composer-requests';
import {
  acceptFriend,
  askFriend,
  cancelFriendRequest,
  declineFriend,
  ignoreUser,
  unfriend,
  unignoreUser,
} from './people-api';
import { usePrivateMessageAction } from './private-message-action';
import { timeAgo } from './relative-time';
import { FRIENDS_KEY, ignoredKey, REQUESTS_KEY, useFriendRequests, useFriends, useIgnoredIds } from './social-queries';
import { PEOPLE_TEXTS as T } from './texts';

/** The person's presence now: "online", or when they were last seen. */
export function PresenceLine({ userId }: { userId: number }) {
  const profile = useQuery({
    queryKey: ['users', userId],
    queryFn: async () => (await fetchUser(userId)).user,
    staleTime: 30_000,
  }).data;
  if (!profile) return <span className="text-xs text-muted-foreground">&nbsp;</span>;
  return profile.isOnline ? (
    <span className="inline-flex items-center gap-1 text-xs text-success">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-success" />
      {T.online(profile.gender)}
    </span>
  ) : (
    <span className="text-xs text-muted-foreground">
      {profile.lastSeen ? T.lastSeen(timeAgo(profile.lastSeen)) : T.offline(profile.gender)}
    </span>
  );
}

function ActionButton({
  icon: Icon,
  label,
  onClick,
  busy,
  tone = 'normal',
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  busy?: boolean;
  tone?: 'normal' | 'primary' | 'danger';
}) {
  const colours =
    tone === 'primary'
      ? 'bg-primary text-primary-foreground'
      : tone === 'danger'
        ? 'bg-destructive/10 text-destructive'
        : 'bg-muted text-foreground';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`flex min-h-16 flex-col items-center justify-center gap-1 rounded-2xl px-2 py-2 text-xs font-medium disabled:opacity-60 ${colours}`}
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
      <span className="text-center leading-tight">{label}</span>
    </button>
  );
}

/**
 * What anyone may do with another person from their card: a private message (when the private
 * messages feature registered its action), friendship, a mention in the composer, ignoring.
 */
export function PeopleActions({ user, myId, onDone }: { user: CardUser; myId: number; onDone: () => void }) {
  const queries = useQueryClient();
  const openPrivate = usePrivateMessageAction();
  const friends = useFriends().data;
  const requests = useFriendRequests().data;
  const ignored = useIgnoredIds().has(user.id);
  const [busy, setBusy] = useState(false);
  const isFriend = friends?.some((f) => f.user.id === user.id) ?? false;
  const outgoing = requests?.outgoing.find((r) => r.to.id === user.id);
  const incoming = requests?.incoming.find((r) => r.from.id === user.id);

  const run = (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    void work()
      .then(() => {
        if (success) showSuccess(success);
        void queries.invalidateQueries({ queryKey: FRIENDS_KEY });
        void queries.invalidateQueries({ queryKey: REQUESTS_KEY });
      })
      .catch(showError)
      .finally(() => setBusy(false));
  };

  const friendButton = isFriend ? (
    <ActionButton
      icon={UserMinus}
      label={T.unfriend}
      busy={busy}
      onClick={() => window.confirm(T.confirmUnfriend(user.username)) && run(() => unfriend(user.id))}
    />
  ) : incoming ? (
    <ActionButton
      icon={UserCheck}
      label={T.acceptFriend}
      tone="primary"
      busy={busy}
      onClick={() => run(() => acceptFriend(incoming.id), T.nowFriends(user.username, readerGender(), user.gender))}
    />
  ) : outgoing ? (
    <ActionButton
      icon={UserX}
      label={T.cancelRequest}
      busy={busy}
      onClick={() => run(() => cancelFriendRequest(outgoing.id))}
    />
  ) : (
    <ActionButton
      icon={UserPlus}
      label={T.addFriend}
      busy={busy}
      onClick={() => run(() => askFriend(user.id), T.friendRequestSent)}
    />
  );

  return (
    <section aria-label={T.peopleActions} className="grid grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2">
      {openPrivate && (
        <ActionButton
          icon={MessageCircle}
          label={T.privateMessage}
          tone="primary"
          onClick={() => {
            openPrivate(user);
            onDone();
          }}
        />
      )}
      {friendButton}
      {incoming && (
        <ActionButton
          icon={UserX}
          label={T.declineFriend}
          busy={busy}
          onClick={() => run(() => declineFriend(incoming.id))}
        />
      )}
      <ActionButton
        icon={AtSign}
        label={T.mention}
        onClick={() => {
          requestMention(user.username);
          onDone();
        }}
      />
      <ActionButton
        icon={ignored ? Eye : EyeOff}
        label={ignored ? T.unignore : T.ignore}
        tone={ignored ? 'normal' : 'danger'}
        busy={busy}
        onClick={() => {
          setBusy(true);
          void (ignored ? unignoreUser(myId, user.id) : ignoreUser(myId, user.id))
            .then(() => {
              showSuccess(ignored ? T.unignored(user.username) : T.ignored(user.username, readerGender()));
              return queries.invalidateQueries({ queryKey: ignoredKey(myId) });
            })
            .catch(showError)
            .finally(() => setBusy(false));
        }}
      />
    </section>
  );
}
