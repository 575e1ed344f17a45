import type { RetentionSettings } from '../../config';

export const DAY_MS = 24 * 60 * 60_000;

/** The moment before which a kind kept `days` days is deleted, at `now`. */
export function cutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export type RetentionPeriods = Pick<RetentionSettings, 'publicDays' | 'privateDays' | 'securityDays'>;
