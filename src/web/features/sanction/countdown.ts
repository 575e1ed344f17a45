import { countOf, NOUNS } from '../../../shared/arabic/grammar';

/** Whole seconds left until `until` (ms since epoch), never negative; a started second counts. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** Spec §2 "minutes:seconds" ("14:59"); a wait of an hour or more also shows hours ("23:59:59"). */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}

/**
 * The remaining time for readers who asked for less motion: whole minutes in words, so the text
 * changes once a minute rather than every second ("14 دقيقة", "دقيقة واحدة" in the last minute).
 */
export function calmRemaining(seconds: number): string {
  return countOf(Math.max(1, Math.ceil(seconds / 60)), NOUNS.minute);
}

/** How much of the wait is left, 0..1, for the progress bar (1 when the total is unknown). */
export function remainingShare(seconds: number, totalMinutes: number | null): number {
  if (!totalMinutes || totalMinutes <= 0) return 1;
  return Math.min(1, Math.max(0, seconds / (totalMinutes * 60)));
}
