import { useState } from 'react';

/**
 * Walks a list of image addresses: `src` is the current one, `next()` (an image's onError) moves
 * to the following one, and `src` becomes null once every one failed (the image is hidden).
 * A new list starts again from its first address.
 */
export function useFallbackSource(sources: readonly string[]): { src: string | null; next: () => void } {
  const key = sources.join('|');
  const [state, setState] = useState({ key, index: 0 });
  const index = state.key === key ? state.index : 0;
  return {
    src: sources[index] ?? null,
    next: () => setState({ key, index: index + 1 }),
  };
}
