import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rooms, type RoomRow } from '../../db/schema';

export function createRoomsRepo(db: Db) {
  return {
    async listActive(): Promise<RoomRow[]> {
      return db
        .select()
        .from(rooms)
        .where(eq(rooms.isActive, true))
        .orderBy(asc(rooms.sortOrder), asc(rooms.createdAt));
    },
    async findById(id: string): Promise<RoomRow | undefined> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
      return row;
    },
  };
}

export type RoomsRepo = ReturnType<typeof createRoomsRepo>;
