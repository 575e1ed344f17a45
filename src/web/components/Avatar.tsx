import { useState } from 'react';
import { AVATAR_SIZES, DEFAULT_AVATAR_PATH } from '../../shared/constants';
import { ringColor } from '../../shared/entities/user';

/** Spec §3 "Avatar source resolution". */
export function avatarSrc(value: string | null | undefined): string {
  if (!value || value === DEFAULT_AVATAR_PATH) return DEFAULT_AVATAR_PATH;
  if (/^(data:|https?:\/\/)/i.test(value)) return value;
  if (value.startsWith('/')) return value;
  if (value.includes('.')) return `/uploads/avatars/${value}`;
  return DEFAULT_AVATAR_PATH;
}

interface AvatarProps {
  image: string | null | undefined;
  gender: string | null | undefined;
  size?: keyof typeof AVATAR_SIZES;
  /** Decorative next to a visible name: hidden from screen readers. */
  alt?: string;
}

/** A round avatar with the gender ring (pink for female, blue otherwise); falls back to the default image. */
export function Avatar({ image, gender, size = 'small', alt = '' }: AvatarProps) {
  const px = AVATAR_SIZES[size];
  const [failed, setFailed] = useState(false);
  const src = failed ? DEFAULT_AVATAR_PATH : avatarSrc(image);
  const ring = ringColor(gender) === 'pink' ? 'var(--ring-female)' : 'var(--ring-male)';
  return (
    <span
      className="inline-block shrink-0 overflow-hidden rounded-full bg-muted"
      style={{ width: px, height: px, boxShadow: `0 0 0 2px var(--card), 0 0 0 4px ${ring}` }}
    >
      <img
        src={src}
        alt={alt}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        className="h-full w-full object-cover"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
