import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rooms, voiceMembers, type RoomRow, type VoiceMemberRow } from '../../db/schema';

/** A room's voice state as one decision reads it, inside the room row's lock. */
export interface VoiceSnapshot {
  room: RoomRow;
  members: VoiceMemberRow[];
}

/** What a decision changes: the new lists, and who leaves the session. */
export interface VoiceChange<T> {
  speakers: number[];
  micQueue: number[];
  /** Members leaving the session (only the row held by `socketId` when given). */
  removeMembers?: { userId: number; socketId?: string }[];
  result: T;
}

/**
 * Voice state in the database. Every change to a room's speakers and queue reads and writes them
 * under the room row's lock (`SELECT … FOR UPDATE`), so two requests racing on two nodes are
 * applied one after the other: neither is lost and the speaker limit holds.
 */
export function createVoiceRepo(db: Db) {
  return {
    async change<T>(
      roomId: string,
      now: Date,
      decide: (snapshot: VoiceSnapshot) => VoiceChange<T>,
    ): Promise<{ row: RoomRow; result: T; changed: boolean } | undefined> {
      return db.transaction(async (tx) => {
        const [room] = await tx.select().from(rooms).where(eq(rooms.id, roomId)).for('update');
        if (!room) return undefined;
        const members = await tx.select().from(voiceMembers).where(eq(voiceMembers.roomId, roomId));
        const decision = decide({ room, members });
        for (const leaving of decision.removeMembers ?? []) {
          const match = and(eq(voiceMembers.roomId, roomId), eq(voiceMembers.userId, leaving.userId));
          await tx
            .delete(voiceMembers)
            .where(leaving.socketId ? and(match, eq(voiceMembers.socketId, leaving.socketId)) : match);
        }
        const added = decision.speakers.filter((id) => !room.speakers.includes(id));
        const dropped = room.speakers.filter((id) => !decision.speakers.includes(id));
        if (added.length)
          await tx
            .update(voiceMembers)
            .set({ speakingSince: now })
            .where(and(eq(voiceMembers.roomId, roomId), inArray(voiceMembers.userId, added)));
        if (dropped.length)
          await tx
            .update(voiceMembers)
            .set({ speakingSince: null })
            .where(and(eq(voiceMembers.roomId, roomId), inArray(voiceMembers.userId, dropped)));
        const changed = added.length > 0 || dropped.length > 0 || !sameList(room.micQueue, decision.micQueue);
        if (!changed) return { row: room, result: decision.result, changed };
        const [row] = await tx
          .update(rooms)
          .set({ speakers: decision.speakers, micQueue: decision.micQueue })
          .where(eq(rooms.id, roomId))
          .returning();
        return { row: row ?? room, result: decision.result, changed };
      });
    },

    /**
     * `userId` joins a room's voice session through `socketId` (replacing an earlier tab). Returns
     * the sessions of other rooms this user is still in, and the socket this one replaced.
     */
    async join(
      roomId: string,
      userId: number,
      socketId: string,
      now: Date,
    ): Promise<{ elsewhere: VoiceMemberRow[]; replaced: string | null }> {
      const elsewhere = await db
        .select()
        .from(voiceMembers)
        .where(and(eq(voiceMembers.userId, userId), ne(voiceMembers.roomId, roomId)));
      const [before] = await db
        .select({ socketId: voiceMembers.socketId })
        .from(voiceMembers)
        .where(and(eq(voiceMembers.roomId, roomId), eq(voiceMembers.userId, userId)));
      await db
        .insert(voiceMembers)
        .values({ roomId, userId, socketId, joinedAt: now })
        .onConflictDoUpdate({ target: [voiceMembers.roomId, voiceMembers.userId], set: { socketId } });
      return { elsewhere, replaced: before && before.socketId !== socketId ? before.socketId : null };
    },

    bySocket(socketId: string): Promise<VoiceMemberRow[]> {
      return db.select().from(voiceMembers).where(eq(voiceMembers.socketId, socketId));
    },

    byUser(userId: number): Promise<VoiceMemberRow[]> {
      return db.select().from(voiceMembers).where(eq(voiceMembers.userId, userId));
    },

    /** Speakers whose turn began before `startedBefore`. */
    turnsOver(startedBefore: Date): Promise<VoiceMemberRow[]> {
      return db.select().from(voiceMembers).where(lt(voiceMembers.speakingSince, startedBefore));
    },

    /** At start on a single node: nobody is connected, so nobody is in a voice session. */
    async clearAll(): Promise<void> {
      await db.delete(voiceMembers);
      await db.update(rooms).set({ speakers: [], micQueue: [] });
    },
  };
}

function sameList(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

export type VoiceRepo = ReturnType<typeof createVoiceRepo>;
