import { Ban, ShieldAlert } from 'lucide-react';
import type { RefObject } from 'react';
import { durationText } from '../../../shared/arabic/grammar';
import { MODERATION } from '../../../shared/entities/moderation';
import { calmRemaining, formatClock, remainingShare } from './countdown';
import { isTimed, type SanctionNotice } from './sanction-store';
import { SANCTION_TEXTS as T } from './texts';

export interface SanctionCardProps {
  notice: SanctionNotice;
  /** Seconds left of a timed notice (ignored for blocks). */
  secondsLeft: number;
  /** The reader asked for less motion: whole minutes in words, no moving bar. */
  calm: boolean;
  onHide: () => void;
  onClose: () => void;
  /** Receives focus when the overlay opens: its one button. */
  actionRef?: RefObject<HTMLButtonElement | null>;
}

const TITLE_ID = 'sanction-title';
const NOTICE_ID = 'sanction-notice';

/** Who, why and for how long; only when the server told (a refused sign-in does not). */
function SanctionDetails({ notice }: { notice: SanctionNotice }) {
  if (notice.moderator === null && notice.reason === null) return null;
  const minutes = isTimed(notice) ? notice.durationMinutes : null;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-2xl bg-muted px-4 py-3 text-start text-sm">
      <dt className="text-muted-foreground">{T.moderator}</dt>
      <dd className="font-medium">
        <bdi>{notice.moderator || MODERATION.defaultModerator}</bdi>
      </dd>
      <dt className="text-muted-foreground">{T.reason}</dt>
      <dd className="break-words">
        <bdi>{notice.reason || MODERATION.defaultReason}</bdi>
      </dd>
      {minutes !== null && (
        <>
          <dt className="text-muted-foreground">{T.duration}</dt>
          <dd>{durationText(minutes)}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The overlay's content (spec §2): title, countdown, notice, badge, details and the hide button;
 * for a block, the permanent notice and a button to close it.
 */
export function SanctionCard({ notice, secondsLeft, calm, onHide, onClose, actionRef }: SanctionCardProps) {
  const timed = isTimed(notice);
  const Icon = timed ? ShieldAlert : Ban;
  const badge = timed ? T.badge(notice.kind, notice.durationMinutes) : T.permanentBadge;
  const share = timed ? remainingShare(secondsLeft, notice.durationMinutes) : 0;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={TITLE_ID}
      aria-describedby={NOTICE_ID}
      dir="rtl"
      className="flex max-h-full w-full max-w-md flex-col items-center gap-4 overflow-y-auto rounded-3xl bg-card p-6 text-center text-card-foreground shadow-2xl sm:p-8"
    >
      <span className="inline-flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Icon aria-hidden="true" className="h-9 w-9" />
      </span>
      <h2 id={TITLE_ID} className="text-2xl leading-snug font-bold">
        {T.title[notice.kind]}
      </h2>
      <span className="rounded-full bg-destructive/10 px-3 py-1 text-sm font-bold text-destructive">{badge}</span>
      {timed && (
        <div className="flex w-full flex-col items-center gap-2">
          <p
            role="timer"
            aria-label={T.remaining}
            dir={calm ? 'rtl' : 'ltr'}
            className={`font-bold text-destructive tabular-nums ${calm ? 'text-3xl' : 'text-6xl tracking-wider'}`}
          >
            {calm ? T.remainingWords(calmRemaining(secondsLeft)) : formatClock(secondsLeft)}
          </p>
          {/* Drains towards the start of the line (the right, in Arabic); still for calm readers. */}
          <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
            <div
              className={`h-full rounded-full bg-destructive ${calm ? '' : 'transition-[width] duration-1000 ease-linear'}`}
              style={{ width: `${Math.round(share * 1000) / 10}%` }}
            />
          </div>
          {!calm && <p className="text-sm text-muted-foreground">{T.remainingWords(calmRemaining(secondsLeft))}</p>}
        </div>
      )}
      <p id={NOTICE_ID} className="leading-relaxed text-muted-foreground">
        {timed ? T.timedNotice(notice.gender) : T.blockNotice(notice.kind, notice.gender)}
      </p>
      <div className="w-full">
        <SanctionDetails notice={notice} />
      </div>
      {timed ? (
        <button
          ref={actionRef}
          type="button"
          onClick={onHide}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-muted px-4 font-medium hover:bg-border"
        >
          {T.hide}
        </button>
      ) : (
        <button
          ref={actionRef}
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 w-full items-center justify-center rounded-xl bg-primary px-4 font-medium text-primary-foreground hover:brightness-110"
        >
          {T.understood}
        </button>
      )}
    </div>
  );
}
