import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../lib/query-client';
import { RoomPicker } from '../rooms/RoomPicker';
import { useSession } from '../session/session-store';
import { ChatScreen } from './ChatScreen';
import { SiteThemeListener } from '../themes/SiteThemeListener';
import { RealtimeProvider } from './realtime/realtime-context';
import { useRoomAddress } from './use-room-address';

/** The signed-in app, loaded only once someone enters: data cache, live connection, picker and chat. */
export default function ChatApp() {
  const { roomId } = useSession();
  useRoomAddress();
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <SiteThemeListener />
        {roomId ? <ChatScreen roomId={roomId} /> : <RoomPicker />}
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
