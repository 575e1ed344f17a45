import { DEFAULT_AVATAR_PATH } from '../constants';

const ABSOLUTE = /^(data:|https?:\/\/)/i;

/**
 * Spec §3 "Avatar source resolution": which image an avatar value shows.
 * - empty, or the default avatar → the default avatar;
 * - data: and http(s) URLs → as they are;
 * - a path starting with '/' → as it is (with `?t=` for a forced refresh);
 * - a bare file name with a dot → /uploads/avatars/{file};
 * - anything else → the default avatar.
 */
export function resolveAvatarSrc(value: string | null | undefined, refresh?: string | number): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed || trimmed === DEFAULT_AVATAR_PATH) return DEFAULT_AVATAR_PATH;
  if (ABSOLUTE.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/')) {
    // `//host/x` is another site, not a path of ours.
    if (trimmed.startsWith('//')) return DEFAULT_AVATAR_PATH;
    if (refresh === undefined || refresh === '') return trimmed;
    return `${trimmed}${trimmed.includes('?') ? '&' : '?'}t=${encodeURIComponent(String(refresh))}`;
  }
  if (trimmed.includes('.') && !/[/\\]/.test(trimmed)) return `/uploads/avatars/${encodeURIComponent(trimmed)}`;
  return DEFAULT_AVATAR_PATH;
}
