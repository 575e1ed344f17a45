import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { RealtimeContext } from '../realtime';
import { ChatClientContext } from '../features/chat/timeline/chat-context';
import { sessionStore } from '../features/session/session-store';
import { createLive, type Live } from './live';

/**
 * One live side for the signed-in part of the app: the realtime core and the room timeline.
 * `live` is for pages that drive a fake socket (the moderation screens page); the app makes its own.
 */
export function LiveProvider({ children, live: given }: { children: ReactNode; live?: Live }) {
  const queryClient = useQueryClient();
  const [live] = useState(() => given ?? createLive({ session: sessionStore, queryClient }));
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  return (
    <RealtimeContext.Provider value={live.realtime}>
      <ChatClientContext.Provider value={live.chat}>{children}</ChatClientContext.Provider>
    </RealtimeContext.Provider>
  );
}
