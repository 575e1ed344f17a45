import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import * as z from 'zod/mini';
import { roomsEndpoints } from '../../../shared/api/rooms';
import { capRoomList, prepareRoomList, sortRooms, type Room } from '../../../shared/entities/room';
import { ROOM_LIST } from '../../../shared/constants';
import { ApiError, callApi } from '../../lib/api';
import { readLocal, writeLocal } from '../../lib/local-store';
import { ROOM_TEXTS } from './texts';

/**
 * The room-list cache of spec §4: valid 5 minutes; a fetch within a second of the last is skipped
 * unless forced; one fetch at a time; live updates applied in place (room-updates.ts); automatic
 * refresh off by default, every 30 s when on; at most 100 rooms kept, not counting those listed under
 * another (capRoomList).
 */
export const ROOMS_QUERY_KEY = ['rooms'] as const;

let lastFetchAt = Number.NEGATIVE_INFINITY;

/** GET /api/rooms, normalised, merged and ordered per spec §3 (at most 100 top-level rooms kept). */
export async function fetchRooms(signal?: AbortSignal, now: () => number = Date.now): Promise<Room[]> {
  lastFetchAt = now();
  try {
    const { rooms } = await callApi(roomsEndpoints.list, {}, { signal });
    return capRoomList(prepareRoomList(rooms), ROOM_LIST.maxCachedRooms);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_RESPONSE')
      throw new ApiError(error.code, error.status, ROOM_TEXTS.invalidResponse);
    throw error;
  }
}

/**
 * Asks for the list again. Within a second of the last fetch it is skipped unless `force`; while
 * a fetch runs, the caller waits for that one rather than starting another.
 */
export function refreshRooms(
  queryClient: QueryClient,
  options: { force?: boolean; now?: () => number } = {},
): Promise<void> {
  const now = options.now ?? Date.now;
  if (!options.force && now() - lastFetchAt < ROOM_LIST.minFetchGapMs) return Promise.resolve();
  return queryClient.refetchQueries({ queryKey: ROOMS_QUERY_KEY, exact: true }, { cancelRefetch: false });
}

// ---- automatic refresh (a choice kept in the browser) -------------------------------------

const AUTO_REFRESH_KEY = 'majlis.roomsAutoRefresh';
const autoRefresh = createStore<{ on: boolean }>()(() => ({ on: readLocal(AUTO_REFRESH_KEY, z.boolean()) ?? false }));

export function useRoomsAutoRefresh(): boolean {
  return useStore(autoRefresh, (s) => s.on);
}

export function setRoomsAutoRefresh(on: boolean): void {
  autoRefresh.setState({ on });
  writeLocal(AUTO_REFRESH_KEY, on);
}

export function useRooms() {
  const auto = useRoomsAutoRefresh();
  return useQuery({
    queryKey: ROOMS_QUERY_KEY,
    queryFn: ({ signal }) => fetchRooms(signal),
    staleTime: ROOM_LIST.cacheMs,
    refetchOnMount: true,
    refetchInterval: auto ? ROOM_LIST.refreshIntervalMs : false,
    refetchIntervalInBackground: false,
  });
}

// ---- changes applied in place -------------------------------------------------------------

function updateList(queryClient: QueryClient, change: (rooms: Room[]) => Room[]): void {
  queryClient.setQueryData<Room[]>(ROOMS_QUERY_KEY, (rooms) =>
    rooms ? capRoomList(sortRooms(change(rooms)), ROOM_LIST.maxCachedRooms) : rooms,
  );
}

/**
 * A room as the server just described it replaces the cached entry; a room not listed yet is
 * added, and one no longer active is removed.
 */
export function upsertRoom(queryClient: QueryClient, room: Room): void {
  updateList(queryClient, (rooms) => {
    if (!room.isActive) return rooms.filter((r) => r.id !== room.id);
    const listed = rooms.some((r) => r.id === room.id);
    return listed ? rooms.map((r) => (r.id === room.id ? room : r)) : [...rooms, room];
  });
}

export function removeRoom(queryClient: QueryClient, roomId: string): void {
  updateList(queryClient, (rooms) => rooms.filter((r) => r.id !== roomId));
}

/** Changes some fields of a listed room (a count, chat locks). */
export function patchRoom(queryClient: QueryClient, roomId: string, fields: Partial<Room>): void {
  updateList(queryClient, (rooms) => rooms.map((r) => (r.id === roomId ? { ...r, ...fields } : r)));
}

/** Several rooms' live counts in one pass over the list. */
export function patchRoomCounts(queryClient: QueryClient, counts: Readonly<Record<string, number>>): void {
  updateList(queryClient, (rooms) =>
    rooms.map((r) =>
      Object.hasOwn(counts, r.id) && Number.isFinite(counts[r.id]) ? { ...r, userCount: counts[r.id]! } : r,
    ),
  );
}
