import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isStaff } from '../../../shared/roles';
import { UserAvatar } from '../../components/avatar';
import { UserName } from '../../components/user-name';
import { Spinner } from '../../components/Spinner';
import { errorToastText } from '../../lib/api';
import { BackCloses } from '../../lib/back-stack';
import { actorOf, useSession } from '../session/session-store';
import { CHAT_TEXTS } from '../chat/texts';
import { CardModeration, type CardAction } from '../moderation';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { PeopleActions, PresenceLine } from './PeopleActions';
import { fetchUser } from './people-api';
import { ProfileDetails } from './ProfileDetails';
import { PEOPLE_TEXTS as T } from './texts';
import { closeUserCard, useUserCard, type CardUser } from './user-card-store';

/** The person's current role: known from the list or message, else asked (a report, a log entry). */
function useRole(user: CardUser) {
  return useQuery({
    queryKey: ['users', user.id],
    queryFn: async () => (await fetchUser(user.id)).user,
    enabled: user.role === null,
    staleTime: 30_000,
  });
}

function CardContent({ user, initialAction }: { user: CardUser; initialAction: CardAction | null }) {
  const session = useSession();
  const me = actorOf(session);
  const { message } = useUserCard();
  const [view, setView] = useState<CardAction | null>(initialAction);
  const profile = useRole(user);
  const role = user.role ?? profile.data?.role ?? null;
  return (
    <>
      <header className="flex items-center gap-3">
        <UserAvatar user={user} size="medium" />
        <div className="min-w-0 flex-1">
          <Dialog.Title className="truncate text-lg font-bold">
            <UserName user={{ ...user, role: user.role ?? 'guest' }} />
          </Dialog.Title>
          {role && (
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-xs ${isStaff(role) ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground'}`}
            >
              {CHAT_TEXTS.roles[role]}
            </span>
          )}
          <div>
            <PresenceLine userId={user.id} />
          </div>
        </div>
        <DialogCloseButton label={T.closeCard} />
      </header>
      <Dialog.Description className="sr-only">{T.cardDescription}</Dialog.Description>
      {!view && <ProfileDetails userId={user.id} />}
      {me.id !== user.id && !view && <PeopleActions user={user} myId={me.id} onDone={closeUserCard} />}
      {role ? (
        <CardModeration
          me={me}
          user={user}
          role={role}
          message={message}
          view={view}
          onView={setView}
          onDone={closeUserCard}
        />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorToastText(profile.error)}
        </p>
      ) : (
        <Spinner label={T.checkingRole} />
      )}
    </>
  );
}

/**
 * A person's card: a bottom sheet on phones, a centred dialog on wider screens. Opened from a
 * name or avatar in the online list or a message, the friends tab, and from the moderation panel.
 * Who they are, presence, profile, the people actions, then moderation's part (its public entry).
 */
export default function UserCard() {
  const { user, message, action } = useUserCard();
  if (!user) return null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && closeUserCard()}>
      <BackCloses close={closeUserCard} />
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          // Focus the sheet itself rather than its close button: no ring appears under a finger,
          // and Tab still starts at the first control.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
          style={{ outline: 'none' }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col gap-4 overflow-y-auto rounded-t-3xl bg-card p-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-card-foreground shadow-2xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:p-6"
        >
          {/* Keyed by person and message, so opening another card starts on its list. */}
          <CardContent key={`${user.id}:${message?.id ?? ''}:${action ?? ''}`} user={user} initialAction={action} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
