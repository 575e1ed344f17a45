import { COUNTRY_NAMES } from '../../shared/catalogue/countries';
import { siteRoomName } from '../../shared/catalogue/site-rooms';
import { BROADCAST_ROOM_ID, GENERAL_ROOM_ID } from '../../shared/entities/room';
import type { Db } from './client';
import { rooms, type NewRoomRow } from './schema';
import { backfillUsernameKeys } from './username-key-backfill';

/** The rooms every site starts with: the general room, one per country, one broadcast room. */
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
}
