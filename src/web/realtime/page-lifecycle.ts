/** What the socket link and the room timeline need of the page: visibility, page hide, beacons (faked in tests). */
export interface PageLifecycle {
  isHidden(): boolean;
  onVisibilityChange(listener: (hidden: boolean) => void): () => void;
  onPageHide(listener: () => void): () => void;
  /** A small POST the browser delivers even while the page goes away. */
  beacon(path: string): void;
  /** Whether the device has a network at all (`navigator.onLine`): false is certain, true is hopeful. */
  isOnline(): boolean;
  onNetworkChange(listener: (online: boolean) => void): () => void;
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
  isOnline: () => navigator.onLine !== false,
  onNetworkChange(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};
