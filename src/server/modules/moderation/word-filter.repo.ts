import { asc } from 'drizzle-orm';
import type { FilteredWord } from '../../../shared/entities/moderation';
import type { Db } from '../../db/client';
import { filteredWords, type FilteredWordRow } from '../../db/schema';

/** An entry as stored: what staff typed, the form it is told apart by, and what it does. */
export interface StoredWord extends FilteredWord {
  normalized: string;
}

export function createWordFilterRepo(db: Db) {
  return {
    /** The whole list, in the order staff gave it. */
    async list(): Promise<FilteredWordRow[]> {
      return db.select().from(filteredWords).orderBy(asc(filteredWords.id));
    },

    /** Replaces the whole list in one transaction: every node reads either the old list or the new. */
    async replace(words: readonly StoredWord[], createdBy: number): Promise<FilteredWordRow[]> {
      return db.transaction(async (tx) => {
        await tx.delete(filteredWords);
        if (words.length === 0) return [];
        return tx
          .insert(filteredWords)
          .values(words.map((w) => ({ word: w.word, normalized: w.normalized, action: w.action, createdBy })))
          .returning();
      });
    },
  };
}

export type WordFilterRepo = ReturnType<typeof createWordFilterRepo>;
