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
    /** A new room; undefined when its id is taken (by a room deleted or not). */
    async insert(values: NewRoomRow): Promise<RoomRow | undefined> {
      const [row] = await db.insert(rooms).values(values).onConflictDoNothing({ target: rooms.id }).returning();
      return row;
    },
    async update(id: string, values: Partial<NewRoomRow>): Promise<RoomRow | undefined> {
      const [row] = await db.update(rooms).set(values).where(eq(rooms.id, id)).returning();
      return row;
    },
  };
}

export type RoomsRepo = ReturnType<typeof createRoomsRepo>;
