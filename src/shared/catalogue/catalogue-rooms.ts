import { isSiteRoom } from '../entities/room-ids';
import { siteRoomName } from './site-rooms';
import { CITIES } from './cities';
import { COUNTRIES } from './country-entries';
import { HUBS } from './hubs';
import { SUB_CHATS } from './subchats';
import type { ChatLink } from './types';

/**
 * The rooms the landing pages lead to, beyond the site's own (general, the twenty countries,
 * broadcast): one per city page ('egypt-cairo', 'egypt-mobile'), per sub-chat page
 * ('sabaya-sabaya-chat'), per hub page that is not an alias ('sabaya'), and per country page
 * without a site room ('mauritania'). The seed inserts them at every start, keyed by these ids.
 *
 * `parentId` is the room they are listed under in the room picker: a city under its country's
 * room, a sub-chat under its hub's room. Hubs and countries are top-level.
 */
export interface CatalogueRoom {
  id: string;
  name: string;
  description: string;
  parentId: string | null;
}

/** The room a page's first chat link opens: the page's own room (or the room it is an alias of). */
export function pageRoomOf(entry: { chatLinks: readonly ChatLink[] }): string | undefined {
  return entry.chatLinks[0]?.roomId;
}

function buildRooms(): CatalogueRoom[] {
  const rooms: CatalogueRoom[] = [];
  for (const country of COUNTRIES) {
    if (isSiteRoom(country.id)) continue;
    rooms.push({
      id: country.id,
      name: `شات ${country.nameAr}`,
      description: `دردشة أهل ${country.nameAr} ومحبيها`,
      parentId: null,
    });
  }
  for (const hub of HUBS) {
    // Alias hubs (/watan, the country hubs) lead to an existing room.
    if (pageRoomOf(hub) !== hub.id) continue;
    rooms.push({ id: hub.id, name: hub.nameAr, description: `الغرفة الرئيسية لـ${hub.nameAr}`, parentId: null });
  }
  for (const city of CITIES) {
    const country = COUNTRIES.find((entry) => entry.path === city.countryPath);
    rooms.push({
      id: city.id,
      name: city.nameAr,
      description: country ? `دردشة ${city.nameAr} في ${country.nameAr}` : `دردشة ${city.nameAr}`,
      parentId: city.countryId === 'unknown' ? null : city.countryId,
    });
  }
  for (const subChat of SUB_CHATS) {
    const parentId = subChat.parentPath.slice(1);
    const hub = HUBS.find((entry) => entry.id === parentId);
    rooms.push({
      id: subChat.id,
      name: subChat.nameAr,
      description: hub ? `من غرف ${hub.nameAr}` : '',
      parentId: hub && pageRoomOf(hub) === hub.id ? parentId : null,
    });
  }
  return rooms;
}

export const CATALOGUE_ROOMS: readonly CatalogueRoom[] = buildRooms();

const PARENT_OF: ReadonlyMap<string, string | null> = new Map(CATALOGUE_ROOMS.map((room) => [room.id, room.parentId]));

/** The room a catalogue room is listed under in the picker; null for top-level and non-catalogue rooms. */
export function catalogueParentOf(roomId: string): string | null {
  return PARENT_OF.get(roomId) ?? null;
}

const NAME_OF: ReadonlyMap<string, string> = new Map(CATALOGUE_ROOMS.map((room) => [room.id, room.name]));

/** The name a site or catalogue room is seeded with, or undefined for a room staff created. */
export function seededRoomName(roomId: string): string | undefined {
  return siteRoomName(roomId) ?? NAME_OF.get(roomId);
}
