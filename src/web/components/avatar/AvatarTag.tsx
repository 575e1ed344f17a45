import { useState } from 'react';
import { tagSources } from '../../../shared/profile/decoration-number';
import { useFallbackSource } from './use-fallback-source';
import { useImageStatus } from './use-image-status';

/** A crown/tag over the avatar, tried as webp, png, jpg, then hidden; fades in once loaded. */
export function AvatarTag({ tag, width }: { tag: string | number; width: number }) {
  const sources = tagSources(tag);
  const { src, next } = useFallbackSource(sources);
  const [loaded, setLoaded] = useState<string | null>(null);
  const ref = useImageStatus(() => setLoaded(src), next);
  if (!src) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      aria-hidden="true"
      width={width}
      height={Math.round(width / 2)}
      decoding="async"
      draggable={false}
      className="avatar-tag"
      data-loaded={loaded === src ? '' : undefined}
      onLoad={() => setLoaded(src)}
      onError={next}
    />
  );
}
