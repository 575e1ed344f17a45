import * as Dialog from '@radix-ui/react-dialog';
import { useMemo, useState } from 'react';
import { usersEndpoints } from '../../../shared/api/users';
import { isSelfUser, type SelfUser } from '../../../shared/entities/user';
import { mayUseStaffStyles } from '../../../shared/entities/profile-style';
import { Button } from '../../components/Button';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { Spinner } from '../../components/Spinner';
import { callApi, ApiError } from '../../lib/api';
import { useBackCloses } from '../../lib/back-stack';
import { showError, showSuccess } from '../../lib/toast';
import { sessionStore, useSession } from '../session/session-store';
import { AboutFields, NoticeFields } from './AboutFields';
import { AccountSection } from './AccountSection';
import { AvatarUpload } from './AvatarUpload';
import { DecorFields, NameLookFields } from './LookFields';
import { ProfilePreview } from './ProfilePreview';
import { changesOf, draftOf, previewOf, type ProfileDraft } from './profile-draft';
import { PROFILE_TEXTS as T } from './texts';

function Editor({ initial }: { initial: SelfUser }) {
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(initial));
  const [saving, setSaving] = useState(false);
  const staff = mayUseStaffStyles(base.role);
  const preview = useMemo(() => previewOf(base, draft), [base, draft]);
  const changes = useMemo(() => changesOf(base, draft), [base, draft]);
  const dirty = Object.keys(changes).length > 0;
  const change = (patch: Partial<ProfileDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function stored(user: SelfUser) {
    setBase(user);
    sessionStore.updateUser(user);
  }

  async function save() {
    if (!dirty) return showSuccess(T.nothingChanged);
    setSaving(true);
    try {
      const { user } = await callApi(usersEndpoints.update, { params: { id: base.id }, body: changes });
      // One's own profile: the server answers with the full record.
      if (!isSelfUser(user)) throw new Error('not one’s own record');
      stored(user);
      setDraft(draftOf(user));
      showSuccess(T.saved);
    } catch (error) {
      // The server's precise Arabic reason when it gave one, else spec §8's text.
      showError(error instanceof ApiError && error.message ? error : T.saveFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto bg-background p-3 sm:grid sm:grid-cols-[minmax(0,1fr)_18rem] sm:items-start sm:gap-4 sm:p-4">
        <div className="sm:sticky sm:top-0 sm:order-last">
          <ProfilePreview user={preview} />
        </div>
        <div className="flex flex-col gap-3">
          <AvatarUpload user={base} onUploaded={(user) => stored({ ...base, ...avatarOf(user) })} />
          <NameLookFields user={preview} draft={draft} staff={staff} change={change} />
          <DecorFields draft={draft} staff={staff} change={change} />
          <AboutFields draft={draft} change={change} />
          <NoticeFields draft={draft} staff={staff} change={change} />
          <AccountSection user={base} />
        </div>
      </div>
      <footer className="flex items-center gap-2 border-t border-border bg-card px-3 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
        <Button onClick={() => void save()} disabled={saving || !dirty} className="flex-1 sm:flex-none">
          {saving ? T.saving : T.save}
        </Button>
      </footer>
    </>
  );
}

function avatarOf(user: SelfUser): Pick<SelfUser, 'profileImage' | 'avatarHash' | 'avatarVersion'> {
  return { profileImage: user.profileImage, avatarHash: user.avatarHash, avatarVersion: user.avatarVersion };
}

/**
 * The profile editor: every field of one's profile with a live preview, showing only what one's
 * rank allows (gradients, name effects, backgrounds and hiding for staff), the avatar upload and
 * the account (upgrade, password, sessions, data, deletion). Full screen on phones, a wide dialog
 * on desktop; loaded when first opened.
 */
export default function ProfileEditor({ onClose }: { onClose: () => void }) {
  const { user } = useSession();
  useBackCloses(onClose);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 hidden bg-black/40 sm:block" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col bg-card text-card-foreground sm:inset-x-0 sm:inset-y-6 sm:mx-auto sm:w-[min(60rem,calc(100vw-3rem))] sm:overflow-hidden sm:rounded-2xl sm:shadow-2xl"
        >
          <header className="flex items-center gap-2 border-b border-border px-2 py-2">
            <Dialog.Title className="flex-1 px-2 text-lg font-bold">{T.title}</Dialog.Title>
            <DialogCloseButton label={T.close} />
          </header>
          {user ? (
            <Editor initial={user} />
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <Spinner label={T.title} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
