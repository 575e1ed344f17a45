import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteSettings, voiceNotes, type VoiceNoteRow } from '../../db/schema';

/** The site setting that lets visitors send voice notes ('true' / 'false'; absent: off). */
const GUESTS_SETTING = 'voiceNotesForGuests';

export function createVoiceNotesRepo(db: Db) {
  return {
    async insert(row: typeof voiceNotes.$inferInsert): Promise<VoiceNoteRow> {
      const [stored] = await db.insert(voiceNotes).values(row).returning();
      return stored!;
    },

    async find(id: string): Promise<VoiceNoteRow | undefined> {
      const [row] = await db.select().from(voiceNotes).where(eq(voiceNotes.id, id)).limit(1);
      return row;
    },

    async uploadedSince(ownerId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(voiceNotes)
        .where(and(eq(voiceNotes.ownerId, ownerId), gt(voiceNotes.createdAt, since)));
      return row?.n ?? 0;
    },

    /**
     * Takes a note for one send: unsent, or already taken by the same send (a retry with the same
     * clientMessageId). Atomic: of two sends at once, one wins.
     */
    async take(id: string, clientMessageId: string | null, at: Date): Promise<boolean> {
      const sameSend = clientMessageId === null ? sql`false` : eq(voiceNotes.clientMessageId, clientMessageId);
      const taken = await db
        .update(voiceNotes)
        .set({ sentAt: at, clientMessageId })
        .where(and(eq(voiceNotes.id, id), or(isNull(voiceNotes.sentAt), sameSend)))
        .returning({ id: voiceNotes.id });
      return taken.length > 0;
    },

    /** The message that now holds the note (its deletion leaves the note to retention). */
    async attach(id: string, messageId: number): Promise<void> {
      await db
        .update(voiceNotes)
        .set({ messageId })
        .where(and(eq(voiceNotes.id, id), isNull(voiceNotes.messageId)));
    },

    /** Notes no message holds, uploaded before `before`: deleted (one batch), what was deleted returned. */
    async deleteUnheld(before: Date, batchSize: number): Promise<Pick<VoiceNoteRow, 'id' | 'ownerId' | 'container'>[]> {
      const batch = db
        .select({ id: voiceNotes.id })
        .from(voiceNotes)
        .where(and(isNull(voiceNotes.messageId), lt(voiceNotes.createdAt, before)))
        .orderBy(asc(voiceNotes.createdAt))
        .limit(batchSize);
      return db
        .delete(voiceNotes)
        .where(and(inArray(voiceNotes.id, batch), isNull(voiceNotes.messageId)))
        .returning({ id: voiceNotes.id, ownerId: voiceNotes.ownerId, container: voiceNotes.container });
    },

    /** The note a deleted message held, deleted with it (what was deleted returned). */
    async deleteHeldBy(messageId: number): Promise<Pick<VoiceNoteRow, 'id' | 'ownerId' | 'container'>[]> {
      return db
        .delete(voiceNotes)
        .where(eq(voiceNotes.messageId, messageId))
        .returning({ id: voiceNotes.id, ownerId: voiceNotes.ownerId, container: voiceNotes.container });
    },

    async ownedBy(ownerId: number): Promise<VoiceNoteRow[]> {
      return db.select().from(voiceNotes).where(eq(voiceNotes.ownerId, ownerId)).orderBy(asc(voiceNotes.createdAt));
    },

    async guestsAllowed(): Promise<boolean> {
      const [row] = await db
        .select({ value: siteSettings.value })
        .from(siteSettings)
        .where(eq(siteSettings.key, GUESTS_SETTING));
      return row?.value === 'true';
    },

    async setGuestsAllowed(allowed: boolean, updatedBy: number): Promise<void> {
      const value = String(allowed);
      await db
        .insert(siteSettings)
        .values({ key: GUESTS_SETTING, value, updatedBy })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
    },
  };
}

export type VoiceNotesRepo = ReturnType<typeof createVoiceNotesRepo>;
