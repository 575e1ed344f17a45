import { ToggleRow } from '../../components/ToggleRow';
import * as Dialog from '@radix-ui/react-dialog';
import { ExternalLink, LogOut, ShieldCheck, UserPen } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { can } from '../../../shared/policy';
import { UserAvatar } from '../../components/avatar';
import { ThemePicker } from '../themes/ThemePicker';
import { THEME_TEXTS } from '../themes/texts';
import { useBackCloses } from '../../lib/back-stack';
import { setShowSystemMessages, useShowSystemMessages } from '../chat/system-messages-setting';
import { CHAT_TEXTS } from '../chat/texts';
import { openPanel } from '../moderation/panel-store';
import { MODERATION_TEXTS } from '../moderation/texts';
import { actorOf, sessionStore, useSession } from '../session/session-store';
import { setSoundsOn, useSoundsOn } from './sound-setting';
import { SETTINGS_TEXTS as T } from './texts';
import { openProfileEditor } from '../profile/profile-editor-store';
import { PROFILE_TEXTS } from '../profile/texts';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { PushSettings } from '../push';
import { PUSH_TEXTS } from '../push/texts';
import { GuestVoiceNotesToggle } from '../voice-notes/GuestVoiceNotesToggle';
import { VOICE_NOTE_TEXTS } from '../voice-notes/texts';

const ROW = 'flex min-h-12 w-full items-center gap-3 rounded-xl px-3 py-2 text-start hover:bg-muted';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="px-3 text-xs font-bold text-muted-foreground">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The settings screen (a sheet from the side on desktop, full screen on phones), loaded when first
 * opened. Sections leave room for theme and profile settings to come.
 */
export default function SettingsSheet({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const { user, record } = session;
  const showSystem = useShowSystemMessages();
  const sounds = useSoundsOn();
  const staff = can(actorOf(session), 'viewModeration');
  const owner = can(actorOf(session), 'setSiteTheme');
  const name = user?.username ?? record?.username ?? '';
  useBackCloses(onClose);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 hidden bg-black/40 sm:block" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          className="fixed inset-0 z-40 flex flex-col bg-card text-card-foreground sm:inset-y-0 sm:start-auto sm:end-0 sm:w-96 sm:shadow-2xl"
        >
          <header className="flex items-center gap-2 border-b border-border px-2 py-2">
            <Dialog.Title className="flex-1 px-2 text-lg font-bold">{T.title}</Dialog.Title>
            <DialogCloseButton label={T.close} />
          </header>
          <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-3">
            <Section title={T.you}>
              <div className="flex items-center gap-3 px-3 py-2">
                <UserAvatar user={user} size="medium" />
                <span className="flex min-w-0 flex-col">
                  <bdi className="truncate font-bold">{name}</bdi>
                  {/* The real role (a moderator, the owner…); until the server has said, only a visitor is sure. */}
                  <span className="text-xs text-muted-foreground">
                    {user ? CHAT_TEXTS.roles[user.role] : record?.userType === 'guest' ? T.guest : null}
                  </span>
                </span>
              </div>
              <button
                type="button"
                className={ROW}
                onClick={() => {
                  onClose();
                  openProfileEditor();
                }}
              >
                <UserPen aria-hidden="true" className="h-5 w-5" />
                {PROFILE_TEXTS.open}
              </button>
            </Section>
            <Section title={T.chatSection}>
              <ToggleRow
                inset
                label={T.showSystemMessages}
                hint={T.showSystemMessagesHint}
                checked={showSystem}
                onChange={setShowSystemMessages}
              />
              <ToggleRow inset label={T.sounds} hint={T.soundsHint} checked={sounds} onChange={setSoundsOn} />
            </Section>
            <Section title={PUSH_TEXTS.section}>
              <PushSettings />
            </Section>
            {staff && (
              <Section title={T.staffSection}>
                <button
                  type="button"
                  className={ROW}
                  onClick={() => {
                    onClose();
                    openPanel();
                  }}
                >
                  <ShieldCheck aria-hidden="true" className="h-5 w-5" />
                  {MODERATION_TEXTS.openPanel}
                </button>
              </Section>
            )}
            {owner && (
              <Section title={THEME_TEXTS.section}>
                <p className="px-3 text-xs text-muted-foreground">{THEME_TEXTS.hint}</p>
                <ThemePicker />
              </Section>
            )}
            {can(actorOf(session), 'setVoiceNotesForGuests') && (
              <Section title={VOICE_NOTE_TEXTS.settingsSection}>
                <GuestVoiceNotesToggle />
              </Section>
            )}
            <Section title={T.linksSection}>
              {(
                [
                  ['/', T.home],
                  ['/emojis', T.emojis],
                  ['/privacy', T.privacy],
                  ['/terms', T.terms],
                ] as const
              ).map(([href, label]) => (
                <a key={href} href={href} className={ROW}>
                  <ExternalLink aria-hidden="true" className="h-4 w-4 text-muted-foreground" />
                  {label}
                </a>
              ))}
            </Section>
            <button
              type="button"
              className={`${ROW} mt-auto text-destructive`}
              onClick={() => {
                onClose();
                void sessionStore.logout();
              }}
            >
              <LogOut aria-hidden="true" className="h-5 w-5" />
              {T.logout}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
