import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rooms, type NewRoomRow, type RoomRow } from '../../db/schema';

export function createRoomsRepo(db: Db) {
  return {
    /** Every room (inactive ones too), in list order. */
    async listAll(): Promise<RoomRow[]> {
      return db.select().from(rooms).orderBy(asc(rooms.sortOrder), asc(rooms.createdAt));
    },
    async findById(id: string): Promise<RoomRow | undefined> {
      const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
      return row;
    },
    async update(id: string, values: Partial<NewRoomRow>): Promise<RoomRow | undefined> {
      const [row] = await db.update(rooms).set(values).where(eq(rooms.id, id)).returning();
      return row;
    },
  };
}

export type RoomsRepo = ReturnType<typeof createRoomsRepo>;
