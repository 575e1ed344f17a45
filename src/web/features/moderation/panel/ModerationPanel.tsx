import * as Dialog from '@radix-ui/react-dialog';
import { ArrowRight, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { can, type Actor } from '../../../../shared/policy';
import { useBackCloses } from '../../../lib/back-stack';
import { actorOf, useSession } from '../../session/session-store';
import { closePanel, selectPanelTab, usePanel, type PanelTab } from '../panel-store';
import { useReports } from '../reports-query';
import { MODERATION_TEXTS as T } from '../texts';
import { UserCardHost } from '../../people/UserCardHost';
import { LogTab } from './LogTab';
import { OnlineTab } from './OnlineTab';
import { PanelTabs } from './PanelTabs';
import { ReportsTab } from './ReportsTab';
import { mayManageRoles, RolesTab } from './RolesTab';
import { SanctionsTab } from './SanctionsTab';
import { WordsTab } from './WordsTab';

/** The tabs this viewer may see, asked from the policy (the server refuses the rest anyway). */
export function visibleTabs(me: Actor): PanelTab[] {
  if (!can(me, 'viewModeration')) return [];
  const tabs: PanelTab[] = ['online', 'sanctions', 'log', 'reports'];
  if (can(me, 'editWordFilter')) tabs.push('words');
  if (mayManageRoles(me)) tabs.push('roles');
  return tabs;
}

/** A clock for "ends in …", ticking each half minute while the panel is open. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TabContent({ tab, me, now }: { tab: PanelTab; me: Actor; now: number }) {
  switch (tab) {
    case 'online':
      return <OnlineTab me={me} />;
    case 'sanctions':
      return <SanctionsTab me={me} now={now} />;
    case 'log':
      return <LogTab />;
    case 'reports':
      return <ReportsTab />;
    case 'words':
      return <WordsTab />;
    case 'roles':
      return <RolesTab me={me} />;
  }
}

/**
 * The moderation panel (staff): full screen on phones, with Back closing it; a wide dialog on
 * desktop. Loaded in its own chunk the first time it opens.
 */
export default function ModerationPanel() {
  const me = actorOf(useSession());
  const { tab } = usePanel();
  const tabs = visibleTabs(me);
  const current = tabs.includes(tab) ? tab : (tabs[0] ?? 'online');
  const openReports = useReports('open', tabs.length > 0).data?.length ?? 0;
  const now = useNow();
  // The phone's Back button closes the panel (one shared history mechanism for every overlay).
  useBackCloses(closePanel);
  const panelId = 'moderation-tabpanel';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && closePanel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 hidden bg-black/40 sm:block" />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          // The panel itself takes focus (not its Back button, which would show a ring under a finger).
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).focus();
          }}
          style={{ outline: 'none' }}
          className="fixed inset-0 z-40 flex flex-col bg-card text-card-foreground sm:inset-auto sm:top-1/2 sm:left-1/2 sm:h-[min(52rem,90dvh)] sm:w-[min(64rem,94vw)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:overflow-hidden sm:rounded-3xl sm:shadow-2xl"
        >
          <header className="flex items-center gap-2 border-b border-border px-2 py-2 sm:px-4">
            {/* Back points right in Arabic; on phones it is the way out. */}
            <Dialog.Close
              aria-label={T.back}
              className="inline-flex h-11 w-11 items-center justify-center rounded-xl hover:bg-muted sm:hidden"
            >
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
            <Dialog.Title className="flex-1 text-lg font-bold">{T.panelTitle}</Dialog.Title>
            <Dialog.Close
              aria-label={T.close}
              className="hidden h-11 w-11 items-center justify-center rounded-xl hover:bg-muted sm:inline-flex"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </header>
          <PanelTabs
            tabs={tabs}
            current={current}
            onSelect={selectPanelTab}
            panelId={panelId}
            badge={{ reports: openReports }}
          />
          <div
            id={panelId}
            role="tabpanel"
            aria-labelledby={`moderation-tab-${current}`}
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto px-3 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6 sm:py-4"
          >
            <TabContent tab={current} me={me} now={now} />
          </div>
          {/* Cards opened from the panel stack inside its dialog. */}
          <UserCardHost />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
