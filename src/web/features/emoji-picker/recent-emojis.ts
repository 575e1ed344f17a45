import * as z from 'zod/mini';
import { readLocal, writeLocal } from '../../lib/local-store';

const KEY = 'majlis.recentEmojis';
export const MAX_RECENT = 24;
const schema = z.array(z.string());

/** The list after using `insert`: it moves to the front, nothing twice, at most MAX_RECENT. */
export function withRecent(list: readonly string[], insert: string): string[] {
  return [insert, ...list.filter((item) => item !== insert)].slice(0, MAX_RECENT);
}

/** Recently used codes and characters, newest first (kept on this device only). */
export function loadRecent(): string[] {
  return (readLocal(KEY, schema) ?? []).slice(0, MAX_RECENT);
}

export function rememberRecent(insert: string): string[] {
  const next = withRecent(loadRecent(), insert);
  writeLocal(KEY, next);
  return next;
}
