import { frameSources } from '../../../shared/profile/decoration-number';
import { useFallbackSource } from './use-fallback-source';

/** A frame image over the avatar, tried as webp, png, jpg, jpeg, then hidden (spec §4). */
export function AvatarFrame({ frame, px }: { frame: number; px: number }) {
  const { src, next } = useFallbackSource(frameSources(frame));
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      aria-hidden="true"
      width={px}
      height={px}
      decoding="async"
      draggable={false}
      className={`avatar-frame${frame === 10 ? ' avatar-frame--floating' : ''}`}
      data-frame={frame}
      onError={next}
    />
  );
}
