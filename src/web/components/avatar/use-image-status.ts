import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A ref for an <img> that reports a load or an error that happened before React was listening
 * (a server-rendered page's images load before it hydrates, and their events are lost).
 */
export function useImageStatus(onLoad: () => void, onError: () => void): (img: HTMLImageElement | null) => void {
  const latest = useRef({ onLoad, onError });
  useLayoutEffect(() => {
    latest.current = { onLoad, onError };
  });
  return useCallback((img: HTMLImageElement | null) => {
    if (!img?.complete) return;
    if (img.naturalWidth > 0) latest.current.onLoad();
    else if (img.getAttribute('src')) latest.current.onError();
  }, []);
}
