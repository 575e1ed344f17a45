import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import { useStore } from 'zustand';
import type { LinkState } from './link-state';
import type { LiveEventType, LiveHandler } from './live-events';
import type { Realtime } from './realtime';

/** The page's realtime core, provided by the signed-in app (app/LiveProvider). */
export const RealtimeContext = createContext<Realtime | null>(null);

export function useRealtime(): Realtime {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime outside the realtime provider');
  return realtime;
}

/** Subscribes to one slice of the socket link's state; the selector must return a stable value. */
export function useLinkState<T>(selector: (state: LinkState) => T): T {
  return useStore(useRealtime().linkState, selector);
}

/**
 * Hears `type` while the component is mounted; the handler may change on every render (the
 * latest one is called), the subscription does not.
 */
export function useLiveEvent<T extends LiveEventType>(type: T, handler: LiveHandler<T>): void {
  const realtime = useRealtime();
  const onEvent = useEffectEvent(handler);
  useEffect(() => realtime.on(type, (payload) => onEvent(payload)), [realtime, type]);
}
