import { BROADCAST_ROOM_ID, GENERAL_ROOM_ID } from '../entities/room-ids';
import { COUNTRY_NAMES } from './countries';

/**
 * The names of the rooms the site is built around (the seed creates them with these names), so a
 * landing page can say which room a link opens without asking the server.
 */
export function siteRoomName(roomId: string): string | undefined {
  if (roomId === GENERAL_ROOM_ID) return 'الغرفة العامة';
  if (roomId === BROADCAST_ROOM_ID) return 'غرفة البث';
  const country = COUNTRY_NAMES.find((entry) => entry.path === roomId);
  return country ? `شات ${country.nameAr}` : undefined;
}
