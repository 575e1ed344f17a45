import { useQuery, type QueryClient } from '@tanstack/react-query';
import { roomsEndpoints } from '../../../shared/api/rooms';
import { prepareRoomList, sortRooms, type Room } from '../../../shared/entities/room';
import { ROOM_LIST } from '../../../shared/constants';
import type { RoomUpdate } from '../../../shared/realtime/protocol';
import { ApiError, callApi } from '../../lib/api';
import { ROOM_TEXTS } from './texts';

export const ROOMS_QUERY_KEY = ['rooms'] as const;

/** GET /api/rooms, normalised, merged and ordered per spec §3 (at most 100 kept). */
export async function fetchRooms(signal?: AbortSignal): Promise<Room[]> {
  try {
    const { rooms } = await callApi(roomsEndpoints.list, {}, { signal });
    return prepareRoomList(rooms).slice(0, ROOM_LIST.maxCachedRooms);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_RESPONSE')
      throw new ApiError(error.code, error.status, ROOM_TEXTS.invalidResponse);
    throw error;
  }
}

export function useRooms() {
  return useQuery({
    queryKey: ROOMS_QUERY_KEY,
    queryFn: ({ signal }) => fetchRooms(signal),
    staleTime: ROOM_LIST.cacheMs,
    refetchOnMount: true,
  });
}

/**
 * Live updates: a count change is applied in place; a room's new state (`roomChanged`, e.g. a
 * lock) replaces its entry; anything else (a type a newer server sends) refetches the list.
 */
export function applyRoomUpdate(queryClient: QueryClient, update: RoomUpdate): void {
  if (update.type === 'userCountUpdate') {
    if (!Number.isFinite(update.userCount)) return;
    queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, (rooms) =>
      rooms
        ? sortRooms(rooms.map((room) => (room.id === update.roomId ? { ...room, userCount: update.userCount } : room)))
        : rooms,
    );
    return;
  }
  if (update.type === 'roomChanged') {
    upsertRoom(queryClient, update.room);
    return;
  }
  void queryClient.invalidateQueries({ queryKey: ROOMS_QUERY_KEY });
}

/**
 * A room as the server just described it replaces the cached entry; a room not listed yet is
 * added, and one no longer active is removed.
 */
export function upsertRoom(queryClient: QueryClient, room: Room): void {
  queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, (rooms) => {
    if (!rooms) return rooms;
    if (!room.isActive) return rooms.filter((r) => r.id !== room.id);
    const listed = rooms.some((r) => r.id === room.id);
    const next = listed ? rooms.map((r) => (r.id === room.id ? room : r)) : [...rooms, room];
    return sortRooms(next).slice(0, ROOM_LIST.maxCachedRooms);
  });
}
