import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../lib/query-client';
import { ChatScreen } from '../features/chat/ChatScreen';
import { useRoomAddress } from '../features/chat/use-room-address';
import { RoomPicker } from '../features/rooms/RoomPicker';
import { useSession } from '../features/session/session-store';
import { useReaderVoice } from '../features/session/use-reader-voice';
import { SiteThemeListener } from '../features/themes/SiteThemeListener';
import { LiveProvider } from './LiveProvider';
import { PushLive } from '../features/push';

/** The signed-in app, loaded only once someone enters: data cache, live side, picker and chat. */
export default function ChatApp() {
  const { roomId } = useSession();
  useRoomAddress();
  useReaderVoice();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <LiveProvider>
        <SiteThemeListener />
        <PushLive />
        {roomId ? <ChatScreen roomId={roomId} /> : <RoomPicker />}
      </LiveProvider>
    </QueryClientProvider>
  );
}
