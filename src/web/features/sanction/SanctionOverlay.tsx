import { ShieldAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useReducedMotion } from '../../lib/use-reduced-motion';
import { formatClock, secondsUntil } from './countdown';
import { SanctionCard } from './SanctionCard';
import { isTimed, sanctionStore, useSanction } from './sanction-store';
import { SANCTION_TEXTS as T } from './texts';

const TICK_MS = 250;

/** Seconds left until `until`, refreshed often enough that each second shows (null: no clock). */
function useSecondsLeft(until: number | null): number {
  const [seconds, setSeconds] = useState(() => (until === null ? 0 : secondsUntil(until, Date.now())));
  useEffect(() => {
    if (until === null) return;
    const tick = () => setSeconds(secondsUntil(until, Date.now()));
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** Spec §2: at zero the close action runs: the notice goes, and the reader is taken home. */
function closeAndGoHome(visible: boolean): void {
  sanctionStore.close();
  if (visible && location.pathname !== '/') location.assign('/');
}

/**
 * The full-screen kick overlay (spec §2) over whatever page is showing, the welcome screen
 * included. The rest of the page is inert while it shows; once hidden, a small reminder stays.
 */
export default function SanctionOverlay() {
  const { notice, hidden } = useSanction();
  const calm = useReducedMotion();
  const until = notice && isTimed(notice) ? notice.until : null;
  const secondsLeft = useSecondsLeft(until);
  const action = useRef<HTMLButtonElement>(null);
  const visible = notice !== null && !hidden;

  useEffect(() => {
    if (until !== null && secondsLeft === 0) closeAndGoHome(!sanctionStore.getState().hidden);
  }, [until, secondsLeft]);

  // Keyboard and screen readers stay inside the overlay while it shows.
  useEffect(() => {
    if (!visible) return;
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    // An alert dialog focuses its least destructive action; its title and text are announced.
    action.current?.focus();
    return () => root?.removeAttribute('inert');
  }, [visible]);

  useEffect(() => {
    if (!visible || until === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') sanctionStore.hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, until]);

  if (!notice) return null;
  if (hidden) {
    if (until === null) return null;
    return createPortal(
      <button
        type="button"
        dir="rtl"
        onClick={() => sanctionStore.reveal()}
        aria-label={T.showAgain}
        className="fixed bottom-4 left-1/2 z-[60] inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-destructive px-4 text-sm font-bold text-destructive-foreground shadow-lg"
      >
        <ShieldAlert aria-hidden="true" className="h-4 w-4" />
        {T.reminder}
        <span dir="ltr" className="tabular-nums">
          {formatClock(secondsLeft)}
        </span>
      </button>,
      document.body,
    );
  }
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-nav/85 p-4 backdrop-blur-sm">
      <SanctionCard
        notice={notice}
        secondsLeft={secondsLeft}
        calm={calm}
        actionRef={action}
        onHide={() => sanctionStore.hide()}
        onClose={() => closeAndGoHome(true)}
      />
    </div>,
    document.body,
  );
}
