import { sortRooms, type Room } from '../../../shared/entities/room';
import { denial } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import type { RoomRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { PresenceService } from '../presence/presence.service';
import { toRoom } from './rooms.presenter';
import type { RoomsRepo } from './rooms.repo';

const ROOM_CACHE_MS = 5_000;

export function createRoomsService(repo: RoomsRepo, presence: PresenceService) {
  // Rooms change rarely and are read on every join and message: keep the rows briefly in memory.
  let cache: { at: number; rows: Promise<RoomRow[]> } | undefined;

  function rows(): Promise<RoomRow[]> {
    if (!cache || Date.now() - cache.at > ROOM_CACHE_MS) {
      const pending = repo.listActive();
      cache = { at: Date.now(), rows: pending };
      pending.catch(() => (cache = undefined));
    }
    return cache.rows;
  }

  async function find(roomId: string): Promise<RoomRow> {
    const row = (await rows()).find((r) => r.id === roomId) ?? (await repo.findById(roomId));
    if (!row || !row.isActive) throw new AppError('ROOM_NOT_FOUND', 404);
    return row;
  }

  return {
    /** Every active room with its live count: default rooms first, then the busiest. */
    async list(): Promise<Room[]> {
      const [all, counts] = await Promise.all([rows(), presence.roomCounts()]);
      return sortRooms(all.map((row) => toRoom(row, counts.get(row.id) ?? 0)));
    },

    async get(roomId: string): Promise<Room> {
      const [row, counts] = await Promise.all([find(roomId), presence.roomCounts()]);
      return toRoom(row, counts.get(row.id) ?? 0);
    },

    /** The room a user may be in: it exists, and if locked the user is staff. */
    async requireEnterable(roomId: string, role: Role): Promise<RoomRow> {
      const row = await find(roomId);
      const refused = denial({ id: 0, role }, 'enterRoom', row);
      if (refused) throw new AppError(refused, 403);
      return row;
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
