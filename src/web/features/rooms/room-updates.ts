import type { QueryClient } from '@tanstack/react-query';
import type { RoomUpdate, ServerPayload } from '../../../shared/realtime/protocol';
import { showInfo } from '../../lib/toast';
import type { SessionStore } from '../session/session-store';
import { patchRoom, patchRoomCounts, refreshRooms, removeRoom, upsertRoom } from './rooms-query';
import { ROOM_TEXTS } from './texts';

/**
 * Live room updates into the room-list cache (spec §4): a count (or several), a new state, a new
 * room and a deleted room are applied in place; a type this page does not know forces a refresh.
 */
export function applyRoomUpdate(queryClient: QueryClient, update: RoomUpdate): void {
  switch (update.type) {
    case 'userCountUpdate':
      if (Number.isFinite(update.userCount)) patchRoom(queryClient, update.roomId, { userCount: update.userCount });
      return;
    case 'userCounts':
      patchRoomCounts(queryClient, update.counts);
      return;
    case 'roomChanged':
    case 'roomCreated':
      upsertRoom(queryClient, update.room);
      return;
    case 'roomDeleted':
      removeRoom(queryClient, update.roomId);
      return;
    default:
      void refreshRooms(queryClient, { force: true });
  }
}

/** `chatLockUpdated`: the room's chat locks change in place (the composer follows). */
export function applyChatLock(queryClient: QueryClient, locks: ServerPayload<'chatLockUpdated'>): void {
  patchRoom(queryClient, locks.roomId, { chatLockAll: locks.chatLockAll, chatLockVisitors: locks.chatLockVisitors });
}

/**
 * A room update for this page: the cache follows, and if the room being shown was deleted the
 * reader is told and taken to the room the server moved them to.
 */
export function followRoomUpdate(
  update: RoomUpdate,
  deps: { queryClient: QueryClient; session: SessionStore; inform?: (text: string) => void },
): void {
  applyRoomUpdate(deps.queryClient, update);
  if (update.type === 'roomDeleted' && deps.session.getState().roomId === update.roomId) {
    (deps.inform ?? showInfo)(ROOM_TEXTS.deletedMoved);
    deps.session.selectRoom(update.movedTo);
  }
}
