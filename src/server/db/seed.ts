import { COUNTRY_NAMES } from '../../shared/catalogue/countries';
import { BROADCAST_ROOM_ID, GENERAL_ROOM_ID } from '../../shared/entities/room';
import type { Db } from './client';
import { rooms, type NewRoomRow } from './schema';

/** The rooms every site starts with: the general room, one per country, one broadcast room. */
export function seedRooms(): NewRoomRow[] {
  return [
    {
      id: GENERAL_ROOM_ID,
      name: 'الغرفة العامة',
      description: 'الدردشة العامة لكل الزوار من جميع الدول العربية',
      isDefault: true,
      sortOrder: 0,
    },
    ...COUNTRY_NAMES.map((country, index) => ({
      id: country.path,
      name: `شات ${country.nameAr}`,
      description: `غرفة دردشة ${country.nameAr}: تعارف وسوالف مع أهل ${country.nameAr}`,
      sortOrder: index + 1,
    })),
    {
      id: BROADCAST_ROOM_ID,
      name: 'غرفة البث',
      description: 'غرفة صوتية: اطلب المايك وتحدّث مع الجميع',
      isBroadcast: true,
      sortOrder: COUNTRY_NAMES.length + 1,
    },
  ];
}

/** Inserts missing seed rooms and never touches rooms that already exist: safe on every start. */
export async function seed(db: Db): Promise<void> {
  await db.insert(rooms).values(seedRooms()).onConflictDoNothing({ target: rooms.id });
}
