import { countOf, NOUNS } from '../../../shared/arabic/grammar';

/** "منذ 5 دقائق", "منذ ساعتين", "الآن": how long ago, in Arabic. */
export function timeAgo(iso: string | null | undefined, now: number = Date.now()): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(at)) return '';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return 'الآن';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `منذ ${countOf(minutes, NOUNS.minute, 'oblique')}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `منذ ${countOf(hours, NOUNS.hour, 'oblique')}`;
  return `منذ ${countOf(Math.floor(hours / 24), NOUNS.day, 'oblique')}`;
}
