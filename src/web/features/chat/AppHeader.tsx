import { Settings } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { parseFrameNumber } from '../../../shared/profile/decoration-number';
import { UserAvatar } from '../../components/avatar';
import { Logo } from '../../components/Logo';
import { useSession } from '../session/session-store';
import { SETTINGS_TEXTS } from '../settings/texts';
import { ProfileEditorHost } from '../profile/ProfileEditorHost';

/** The header avatar's size when framed: its frame (42 px), crown and float fit the 56 px bar. */
const HEADER_FRAMED_AVATAR = 30;

// The settings screen (and its dialog library) loads when first opened.
const SettingsSheet = lazy(() => import('../settings/SettingsSheet'));

/**
 * The black navigation bar of the signed-in screens (the default theme's nav is black). Its last
 * button is who you are (avatar, and the name where there is room): it opens the settings.
 */
export function AppHeader({ start, center, end }: { start?: ReactNode; center?: ReactNode; end?: ReactNode }) {
  const { user, record } = useSession();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const name = user?.username ?? record?.username ?? '';
  return (
    <header className="sticky top-0 z-30 bg-nav text-nav-foreground">
      <div className="mx-auto flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-4">
        {start}
        {center ?? <Logo className="text-lg" />}
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {end}
          <button
            type="button"
            onClick={() => setSettingsOpen(true)}
            aria-label={SETTINGS_TEXTS.openFor(name)}
            title={SETTINGS_TEXTS.open}
            className="inline-flex h-11 min-w-11 items-center gap-2 rounded-xl px-1 hover:bg-white/10"
          >
            {/* A frame makes the box 1.4× and a crown rises above it: a framed avatar is drawn a
                little smaller here, so all of it stays inside the bar (and off the screen's edge). */}
            <UserAvatar user={user} size={parseFrameNumber(user?.profileFrame) ? HEADER_FRAMED_AVATAR : 'small'} />
            {/* A phone shows the name where the bar has room (no room's buttons at its end). */}
            <bdi className={`${end ? 'hidden sm:inline' : 'inline'} max-w-40 truncate text-sm`}>{name}</bdi>
            <Settings aria-hidden="true" className="hidden h-4 w-4 opacity-70 sm:inline" />
          </button>
        </div>
      </div>
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsSheet onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <ProfileEditorHost />
    </header>
  );
}
