import { useState, type CSSProperties } from 'react';
import { DEFAULT_AVATAR_PATH } from '../../../shared/constants';
import { ringColor } from '../../../shared/entities/user';
import { resolveAvatarSrc } from '../../../shared/profile/avatar-source';
import { parseFrameNumber, tagSources } from '../../../shared/profile/decoration-number';
import { normalizeProfileEffect } from '../../../shared/profile/appearance';
import { AvatarFrame } from './AvatarFrame';
import { AvatarTag } from './AvatarTag';
import { profileEffectClass } from './profile-effect-class';
import { useImageStatus } from './use-image-status';
import { avatarPixels, FRAME_SCALE, TAG_SCALE, type AvatarSize } from './avatar-size';

export interface AvatarProps {
  /** The profile image value (spec §3 source resolution). */
  image: string | null | undefined;
  gender: string | null | undefined;
  size?: AvatarSize;
  /** profileFrame: a name containing a number 1..50. */
  frame?: string | number | null;
  /** profileTag: a name or number 1..50, or a path or data URL. */
  tag?: string | number | null;
  /** profileEffect: a glow around the avatar. */
  effect?: string | null;
  /** avatarVersion (or any key): a changed value reloads an uploaded image. */
  version?: string | number | null;
  /** Decorative next to a visible name: hidden from screen readers. */
  alt?: string;
  /** Images far down a list wait until scrolled near (default); the first screen may load eagerly. */
  loading?: 'lazy' | 'eager';
  /**
   * A frame normally grows the avatar's box to 1.4×. In rows that must line up whatever the
   * frame (messages), the box stays the picture's size and the frame spills over its edges.
   */
  frameOverflows?: boolean;
  className?: string;
}

/**
 * The one avatar: a round picture with the gender ring (pink for 'أنثى', blue otherwise), the
 * default avatar when missing or broken, an optional frame (its box is 1.4× the picture), an
 * optional crown/tag (1.2× as wide) and an optional profile glow.
 */
export function Avatar({
  image,
  gender,
  size = 'small',
  frame,
  tag,
  effect,
  version,
  alt = '',
  loading = 'lazy',
  frameOverflows = false,
  className,
}: AvatarProps) {
  const px = avatarPixels(size);
  const source = resolveAvatarSrc(image, version ?? undefined);
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === source ? DEFAULT_AVATAR_PATH : source;
  const fail = () => {
    if (src !== DEFAULT_AVATAR_PATH) setFailed(source);
  };
  const ref = useImageStatus(() => undefined, fail);
  const frameNumber = parseFrameNumber(frame ?? null);
  const hasTag = tag !== null && tag !== undefined && tagSources(tag).length > 0;
  const glow = normalizeProfileEffect(effect);
  const framePx = Math.round(px * FRAME_SCALE);
  const box = frameNumber && !frameOverflows ? framePx : px;
  const style = { '--avatar-size': `${px}px`, width: box, height: box } as CSSProperties;
  return (
    <span
      className={['avatar', glow ? profileEffectClass(glow) : '', className ?? ''].filter(Boolean).join(' ')}
      style={style}
      data-ring={ringColor(gender)}
      data-framed={frameNumber ? (frameOverflows ? 'overflow' : '') : undefined}
      data-tagged={hasTag ? '' : undefined}
    >
      <span className="avatar-picture">
        <img
          src={src}
          alt={alt}
          width={px}
          height={px}
          loading={loading}
          decoding="async"
          draggable={false}
          ref={ref}
          onError={fail}
        />
      </span>
      {frameNumber && <AvatarFrame frame={frameNumber} px={framePx} />}
      {hasTag && <AvatarTag tag={tag} width={Math.round(px * TAG_SCALE)} />}
    </span>
  );
}

/** The fields of a user an avatar is drawn from (every user shape of the app has them). */
export interface AvatarUser {
  profileImage: string | null;
  gender: string | null;
  profileFrame?: string | null;
  profileTag?: string | null;
  profileEffect?: string | null;
  avatarVersion?: number | null;
}

/** `Avatar` for a user record. */
export function UserAvatar({
  user,
  ...props
}: { user: AvatarUser | null | undefined } & Omit<
  AvatarProps,
  'image' | 'gender' | 'frame' | 'tag' | 'effect' | 'version'
>) {
  return (
    <Avatar
      image={user?.profileImage}
      gender={user?.gender}
      frame={user?.profileFrame}
      tag={user?.profileTag}
      effect={user?.profileEffect}
      version={user?.avatarVersion || undefined}
      {...props}
    />
  );
}
