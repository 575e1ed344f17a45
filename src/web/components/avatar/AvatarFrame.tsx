import { frameSources } from '../../../shared/profile/decoration-number';
import { useFallbackSource } from './use-fallback-source';
import { useImageStatus } from './use-image-status';

/** A frame image over the avatar, tried as webp, png, jpg, jpeg, then hidden (spec §4). */
export function AvatarFrame({ frame, px }: { frame: number; px: number }) {
  const { src, next } = useFallbackSource(frameSources(frame));
  const ref = useImageStatus(() => undefined, next);
  if (!src) return null;
  const image = (
    <img
      ref={ref}
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
  if (frame !== 10) return image;
  return (
    <>
      {image}
      <span aria-hidden="true" className="avatar-frame-shine" />
    </>
  );
}
