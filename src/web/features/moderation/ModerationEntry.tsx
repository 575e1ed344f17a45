import { ShieldCheck } from 'lucide-react';
import { isStaff } from '../../../shared/roles';
import { useSession } from '../session/session-store';
import { openPanel } from './panel-store';
import { useReports } from './reports-query';
import { MODERATION_TEXTS as T } from './texts';

/** Staff only: the header's way into the moderation panel, with the number of open reports. */
export function ModerationEntry() {
  const { user } = useSession();
  const staff = user !== null && isStaff(user.role);
  const reports = useReports('open', staff);
  if (!staff) return null;
  const open = reports.data?.length ?? 0;
  return (
    <button
      type="button"
      onClick={() => openPanel(open > 0 ? 'reports' : undefined)}
      aria-label={open > 0 ? T.openPanelWithReports(open) : T.openPanel}
      title={T.openPanel}
      className="relative inline-flex h-11 w-11 items-center justify-center rounded-xl text-nav-foreground hover:bg-white/10"
    >
      <ShieldCheck aria-hidden="true" className="h-5 w-5" />
      {open > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 left-1 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[11px] leading-none font-bold text-destructive-foreground tabular-nums"
        >
          {open > 99 ? '99+' : open}
        </span>
      )}
    </button>
  );
}
