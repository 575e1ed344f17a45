import { Settings } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Avatar } from '../../components/Avatar';
import { Logo } from '../../components/Logo';
import { useSession } from '../session/session-store';
import { CHAT_TEXTS } from './texts';

// The menu (and its positioning library) loads after the screen is up.
const SettingsMenu = lazy(() => import('./SettingsMenu'));

function SettingsPlaceholder() {
  return (
    <span
      aria-hidden="true"
      title={CHAT_TEXTS.settings}
      className="inline-flex h-10 w-10 items-center justify-center rounded-xl text-nav-foreground opacity-60"
    >
      <Settings className="h-5 w-5" />
    </span>
  );
}

/** The black navigation bar of the signed-in screens (the default theme's nav is black). */
export function AppHeader({ start, center, end }: { start?: ReactNode; center?: ReactNode; end?: ReactNode }) {
  const { user, record } = useSession();
  return (
    <header className="sticky top-0 z-30 bg-nav text-nav-foreground">
      <div className="mx-auto flex h-14 items-center gap-2 px-2 sm:px-4">
        {start}
        {center ?? <Logo className="text-lg" />}
        <div className="ms-auto flex items-center gap-2">
          {end}
          <span className="hidden items-center gap-2 sm:inline-flex">
            <Avatar image={user?.profileImage} gender={user?.gender} />
            <bdi className="max-w-40 truncate text-sm">{user?.username ?? record?.username}</bdi>
          </span>
          <Suspense fallback={<SettingsPlaceholder />}>
            <SettingsMenu />
          </Suspense>
        </div>
      </div>
    </header>
  );
}
