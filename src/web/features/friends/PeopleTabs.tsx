import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/Spinner';
import { useFriendRequests } from '../people/social-queries';
import { WALLS_TAB } from '../walls';
import { FriendsPanel } from './FriendsPanel';
import { FRIENDS_TEXTS as T } from './texts';

// The walls load when their tab is first opened: their own chunk.
const WallsPanel = lazy(() => import('../walls/WallsPanel'));

type Tab = 'online' | 'friends' | 'walls';
const ORDER: readonly Tab[] = ['online', 'friends', 'walls'];

/** The side column (and phone drawer): who is in the room, one's friends (with requests), the walls. */
export function PeopleTabs({ online }: { online: ReactNode }) {
  const [tab, setTab] = useState<Tab>('online');
  const id = useId();
  const waiting = useFriendRequests().data?.incoming.length ?? 0;
  const tabs = [
    { value: 'online' as const, label: T.online, aria: T.online },
    { value: 'friends' as const, label: T.friends, aria: waiting > 0 ? T.friendsWithRequests(waiting) : T.friends },
    { value: 'walls' as const, label: WALLS_TAB, aria: WALLS_TAB },
  ];
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div role="tablist" aria-label={T.tabs} className="mx-2 mt-2 grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
        {tabs.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`${id}-${t.value}-panel`}
            aria-label={t.aria}
            onClick={() => setTab(t.value)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
                e.preventDefault();
                // Right-to-left: the left arrow goes on to the next tab, the right one back.
                const step = e.key === 'ArrowLeft' ? 1 : ORDER.length - 1;
                const next = ORDER[(ORDER.indexOf(tab) + step) % ORDER.length]!;
                setTab(next);
                document.getElementById(`${id}-${next}`)?.focus();
              }
            }}
            tabIndex={tab === t.value ? 0 : -1}
            className="relative min-h-10 rounded-lg px-2 text-sm font-medium text-muted-foreground aria-selected:bg-card aria-selected:text-foreground aria-selected:shadow-sm"
          >
            {t.label}
            {t.value === 'friends' && waiting > 0 && (
              <span
                aria-hidden="true"
                className="ms-1 inline-block min-w-5 rounded-full bg-destructive px-1 text-[11px] leading-5 text-destructive-foreground tabular-nums"
              >
                {waiting}
              </span>
            )}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-${tab}-panel`}
        aria-labelledby={`${id}-${tab}`}
        className="flex min-h-0 flex-1 flex-col pt-1"
      >
        {tab === 'online' ? (
          online
        ) : tab === 'friends' ? (
          <FriendsPanel />
        ) : (
          <Suspense fallback={<Spinner label={WALLS_TAB} />}>
            <WallsPanel />
          </Suspense>
        )}
      </div>
    </div>
  );
}
