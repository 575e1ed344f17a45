import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { sessionStore } from '../../session/session-store';
import { RealtimeClient } from './realtime-client';
import type { RealtimeState } from './realtime-state';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * One live connection for the signed-in part of the app. `client` is for pages that drive a fake
 * socket (the moderation screens page); the app always makes its own.
 */
export function RealtimeProvider({ children, client: given }: { children: ReactNode; client?: RealtimeClient }) {
  const queryClient = useQueryClient();
  const [client] = useState(() => given ?? new RealtimeClient({ session: sessionStore, queryClient }));
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient outside RealtimeProvider');
  return client;
}

/** Subscribes to one slice of the live state; the selector must return a stable value. */
export function useRealtime<T>(selector: (state: RealtimeState) => T): T {
  return useStore(useRealtimeClient().store, selector);
}
