import { CATALOGUE_ROOMS } from '../../shared/catalogue/catalogue-rooms';
import { COUNTRY_NAMES } from '../../shared/catalogue/countries';
import { siteRoomName } from '../../shared/catalogue/site-rooms';
import { BROADCAST_ROOM_ID, GENERAL_ROOM_ID } from '../../shared/entities/room';
import type { Db } from './client';
import { rooms, type NewRoomRow } from './schema';
import { backfillUsernameKeys } from './username-key-backfill';
import { backfillSearchText } from './search-text-backfill';

/** Where the catalogue's rooms start in the list order: after the site rooms, before staff's new rooms. */
const CATALOGUE_SORT_START = 100;

/**
 * The rooms every site starts with: the general room, one per country, one broadcast room, then
 * the landing catalogue's rooms (a room per city, sub-chat and hub page: catalogue-rooms.ts).
 */
export function seedRooms(): NewRoomRow[] {
  return [
    {
      id: GENERAL_ROOM_ID,
      name: siteRoomName(GENERAL_ROOM_ID)!,
      description: 'الدردشة العامة لكل الزوار من جميع الدول العربية',
      isDefault: true,
      sortOrder: 0,
    },
    ...COUNTRY_NAMES.map((country, index) => ({
      id: country.path,
      name: siteRoomName(country.path)!,
      description: `غرفة دردشة ${country.nameAr}: تعارف وسوالف مع أهل ${country.nameAr}`,
      sortOrder: index + 1,
    })),
    {
      id: BROADCAST_ROOM_ID,
      name: siteRoomName(BROADCAST_ROOM_ID)!,
      description: 'غرفة صوتية: اطلب المايك وتحدّث مع الجميع',
      isBroadcast: true,
      sortOrder: COUNTRY_NAMES.length + 1,
    },
    ...CATALOGUE_ROOMS.map((room, index) => ({
      id: room.id,
      name: room.name,
      description: room.description,
      sortOrder: CATALOGUE_SORT_START + index,
    })),
  ];
}

export interface SeedOptions {
  /** Where non-fatal start-up problems go (the app has no logger yet when it seeds). */
  warn?: (message: string, details: object) => void;
}

const consoleWarn = (message: string, details: object) => console.warn(message, JSON.stringify(details));

/**
 * Inserts missing seed rooms and never touches rooms that already exist, then brings stored data up
 * to date (username keys): safe and cheap on every start.
 *
 * Rooms are keyed by their id, which is the catalogue entry's stable id ('egypt-cairo'): one
 * `INSERT … ON CONFLICT (id) DO NOTHING`, so several nodes starting at once create each room once,
 * a restart adds only what a new catalogue brings, and what staff did to a seeded room (a new name,
 * picture, lock, or deleting it: `is_active` false) is never undone. A room deleted stays deleted.
 */
export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const warn = options.warn ?? consoleWarn;
  await db.insert(rooms).values(seedRooms()).onConflictDoNothing({ target: rooms.id });
  try {
    await backfillUsernameKeys(db, warn);
  } catch (error) {
    // Old keys still work for most names; a failed backfill rolls back and is retried next start.
    warn('Username key backfill failed; it will be retried at the next start', { error: String(error) });
  }
  try {
    await backfillSearchText(db);
  } catch (error) {
    // Messages not yet filled are only missing from search results; retried next start.
    warn('Message search text backfill failed; it will be retried at the next start', { error: String(error) });
  }
}
