import { Check, LogOut, Settings, ShieldCheck } from 'lucide-react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { can } from '../../../shared/policy';
import { openPanel } from '../moderation/panel-store';
import { MODERATION_TEXTS } from '../moderation/texts';
import { actorOf, sessionStore, useSession } from '../session/session-store';
import { setShowSystemMessages, useShowSystemMessages } from './system-messages-setting';
import { CHAT_TEXTS as T } from './texts';

const ITEM =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';

export default function SettingsMenu() {
  const showSystem = useShowSystemMessages();
  const staff = can(actorOf(useSession()), 'viewModeration');
  return (
    <DropdownMenu.Root dir="rtl">
      <DropdownMenu.Trigger
        aria-label={T.settings}
        title={T.settings}
        className="inline-flex h-10 w-10 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10"
      >
        <Settings aria-hidden="true" className="h-5 w-5" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-60 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-xl"
        >
          <DropdownMenu.CheckboxItem
            className={ITEM}
            checked={showSystem}
            onCheckedChange={(checked) => setShowSystemMessages(checked === true)}
          >
            <span className="inline-flex h-4 w-4 items-center justify-center rounded border border-border">
              <DropdownMenu.ItemIndicator>
                <Check aria-hidden="true" className="h-3.5 w-3.5" />
              </DropdownMenu.ItemIndicator>
            </span>
            {T.showSystemMessages}
          </DropdownMenu.CheckboxItem>
          {staff && (
            <DropdownMenu.Item className={ITEM} onSelect={() => openPanel()}>
              <ShieldCheck aria-hidden="true" className="h-4 w-4" />
              {MODERATION_TEXTS.openPanel}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={`${ITEM} text-destructive`} onSelect={() => void sessionStore.logout()}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {T.logout}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
