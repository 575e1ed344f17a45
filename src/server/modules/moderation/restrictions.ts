import type { SanctionRow } from '../../db/schema';
import { AppError } from '../../errors';

/** What sanctions in force mean for a user right now (times in ms since the epoch). */
export interface Restrictions {
  /** Kick or ban: may not be in the chat until then. */
  barredUntil: number | null;
  /** Account blocked: never. */
  blocked: boolean;
  /** A blocked device, when the check was made with one. */
  deviceBlocked: boolean;
  mutedUntil: number | null;
}

export const NO_RESTRICTIONS: Restrictions = {
  barredUntil: null,
  blocked: false,
  deviceBlocked: false,
  mutedUntil: null,
};

const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

/** Folds the sanctions in force on an account (and maybe its device) into what they forbid. */
export function restrictionsOf(rows: readonly SanctionRow[], userId: number | null): Restrictions {
  let result = NO_RESTRICTIONS;
  for (const row of rows) {
    const until = row.expiresAt?.getTime() ?? null;
    const onAccount = userId !== null && row.userId === userId;
    if (row.kind === 'block') {
      result = onAccount ? { ...result, blocked: true } : { ...result, deviceBlocked: true };
    } else if (row.kind === 'mute') {
      if (onAccount) result = { ...result, mutedUntil: latest(result.mutedUntil, until) };
    } else {
      result = { ...result, barredUntil: latest(result.barredUntil, until) };
    }
  }
  return result;
}

/** Still in force at `now`? (A kick or mute ends on its own; no timer is needed.) */
export function isBarred(r: Restrictions, now: number): boolean {
  return r.blocked || r.deviceBlocked || (r.barredUntil !== null && r.barredUntil > now);
}

export function isMuted(r: Restrictions, now: number): boolean {
  return r.mutedUntil !== null && r.mutedUntil > now;
}

export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

/** The refusal for someone barred from the chat, with the seconds left on a timed sanction. */
export function barredError(restrictions: Restrictions, now: number): AppError | null {
  if (restrictions.blocked) return new AppError('BLOCKED', 403);
  if (restrictions.deviceBlocked) return new AppError('DEVICE_BLOCKED', 403);
  if (!isBarred(restrictions, now) || restrictions.barredUntil === null) return null;
  return new AppError('BANNED', 403, undefined, secondsUntil(restrictions.barredUntil, now));
}

/** The refusal for someone who may not post now: barred, or muted (with the seconds left). */
export function postingError(restrictions: Restrictions, now: number): AppError | null {
  const barred = barredError(restrictions, now);
  if (barred) return barred;
  if (!isMuted(restrictions, now) || restrictions.mutedUntil === null) return null;
  return new AppError('MUTED', 403, undefined, secondsUntil(restrictions.mutedUntil, now));
}
