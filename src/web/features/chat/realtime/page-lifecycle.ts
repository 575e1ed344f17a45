/** What the connection needs of the page: visibility, page hide and beacons (a fake in tests). */
export interface PageLifecycle {
  isHidden(): boolean;
  onVisibilityChange(listener: (hidden: boolean) => void): () => void;
  onPageHide(listener: () => void): () => void;
  /** A small POST the browser delivers even while the page goes away. */
  beacon(path: string): void;
}

export const browserPage: PageLifecycle = {
  isHidden: () => document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    const handler = () => listener(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', handler);
    return () => document.removeEventListener('visibilitychange', handler);
  },
  onPageHide(listener) {
    window.addEventListener('pagehide', listener);
    return () => window.removeEventListener('pagehide', listener);
  },
  beacon(path) {
    navigator.sendBeacon?.(path);
  },
};
