import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import type { RetentionRule } from '../module';
import { DAY_MS } from '../retention';
import { createVoiceNotesRepo } from './voice-notes.repo';

/** A voice note recorded and never sent is kept this long (the page may still send it). */
export const UNSENT_VOICE_NOTE_KEPT_MS = DAY_MS;

/**
 * Voice notes no message holds any more (their message was deleted by age, by its author or
 * staff's hard delete, with an account), or recorded and never sent, once a day old: the row, then
 * its file. Runs after the message rules of the same pass, so a note goes in the pass that
 * deletes its message.
 */
export function voiceNotesRetention(db: Db, dir: string): RetentionRule {
  const repo = createVoiceNotesRepo(db);
  return {
    kind: 'voiceNotes',
    last: true,
    async sweep(now, batchSize) {
      const gone = await repo.deleteUnheld(new Date(now.getTime() - UNSENT_VOICE_NOTE_KEPT_MS), batchSize);
      // Only the node whose delete took the row removes its file (another node's pass deleted none).
      await Promise.all(
        gone.map((row) => rm(path.join(dir, String(row.ownerId), `${row.id}.${row.container}`), { force: true })),
      );
      return gone.length;
    },
  };
}
