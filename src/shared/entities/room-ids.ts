/**
 * Which rooms are which, by id: apart from the room schemas (`room.ts`), so the session and the
 * landing pages' links do not load the schemas up front.
 */
import { COUNTRY_NAMES } from '../catalogue/countries';

/** Rooms that exist only in the interface (tabs) and are never joined over the socket. */
export const VIRTUAL_ROOM_IDS = ['public', 'friends'] as const;
export function isVirtualRoomId(roomId: string | null | undefined): boolean {
  return roomId == null || (VIRTUAL_ROOM_IDS as readonly string[]).includes(roomId);
}

export const GENERAL_ROOM_ID = 'general';
export const BROADCAST_ROOM_ID = 'broadcast';

/**
 * The rooms the site itself is built around: the general room, one per country (the landing pages
 * link into them) and the broadcast room. Like default rooms, nobody deletes them.
 */
const SITE_ROOM_IDS: ReadonlySet<string> = new Set([
  GENERAL_ROOM_ID,
  BROADCAST_ROOM_ID,
  ...COUNTRY_NAMES.map((country) => country.path),
]);

export const isSiteRoom = (roomId: string): boolean => SITE_ROOM_IDS.has(roomId);
