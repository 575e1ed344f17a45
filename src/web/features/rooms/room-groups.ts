import type { Room } from '../../../shared/entities/room';

/** A top-level room of the picker and the rooms listed under it (a country's cities, a hub's sub-chats). */
export interface RoomGroup {
  room: Room;
  children: Room[];
}

/**
 * Folds the list: a room whose parent is listed goes under it, in list order; every other room is
 * top-level, in list order. The room `liftedId` (the suggested room) stays top-level even with a parent.
 */
export function groupRooms(rooms: readonly Room[], liftedId: string | null = null): RoomGroup[] {
  const ids = new Set(rooms.map((room) => room.id));
  const under = (room: Room) =>
    room.parentId !== null && room.parentId !== room.id && ids.has(room.parentId) && room.id !== liftedId;
  const children = new Map<string, Room[]>();
  for (const room of rooms) {
    if (!under(room)) continue;
    const list = children.get(room.parentId!);
    if (list) list.push(room);
    else children.set(room.parentId!, [room]);
  }
  return rooms.filter((room) => !under(room)).map((room) => ({ room, children: children.get(room.id) ?? [] }));
}
