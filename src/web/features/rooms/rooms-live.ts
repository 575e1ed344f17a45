import type { QueryClient } from '@tanstack/react-query';
import { combine, type Realtime, type Unsubscribe } from '../../realtime';
import type { SessionStore } from '../session/session-store';
import { applyChatLock, followRoomUpdate } from './room-updates';
import { upsertRoom } from './rooms-query';

/** The room list follows the live side: counts, changes, new and deleted rooms, chat locks, the room entered. */
export function registerRoomsLive(
  realtime: Pick<Realtime, 'on'>,
  deps: { queryClient: QueryClient; session: SessionStore },
): Unsubscribe {
  return combine([
    realtime.on('roomUpdate', (update) => followRoomUpdate(update, deps)),
    realtime.on('chatLockUpdated', (locks) => applyChatLock(deps.queryClient, locks)),
    realtime.on('roomJoined', ({ room }) => upsertRoom(deps.queryClient, room)),
  ]);
}
