import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '../../../shared/api/endpoint';
import {
  VOICE_NOTE_MEASURED_MAX_MS,
  VOICE_NOTE_MIN_MS,
  VOICE_NOTE_UPLOAD_WINDOW_MS,
  VOICE_NOTE_UPLOADS_PER_WINDOW,
  voiceNoteOf,
  voiceNoteUrl,
  type UploadedVoiceNote,
  type VoiceNotesSetting,
} from '../../../shared/api/voice-notes';
import type { Attachment } from '../../../shared/entities/message';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { VoiceNoteRow } from '../../db/schema';
import { AppError } from '../../errors';
import { declaredTypeAgrees, measureOpus, NotOpusAudio, type MeasuredAudio } from './voice-notes.audio';
import { toUploadedVoiceNote, toVoiceAttachment } from './voice-notes.presenter';
import type { VoiceNotesRepo } from './voice-notes.repo';

/** What a voice message is stored with: the note's address, and its attachment (length, levels). */
export interface ResolvedVoice {
  content: string;
  messageType: 'voice';
  attachments: Attachment[];
}

/**
 * Voice notes: an upload is measured from its bytes (its type too: a declared type must agree)
 * and stored under `dir/<owner id>/`; a room or private message of type `voice` then names it by
 * its address and takes it (the uploader's own, sent once). Visitors may send them only when the
 * owner allows it. The rest of the sending rules (sanctions, locks, flood, ignore) are the
 * messages' own, applied by the modules that send.
 */
export function createVoiceNotesService(deps: { repo: VoiceNotesRepo; dir: string; clock: Clock }) {
  const { repo, dir, clock } = deps;

  const fileOf = (row: Pick<VoiceNoteRow, 'id' | 'ownerId' | 'container'>) =>
    path.join(dir, String(row.ownerId), `${row.id}.${row.container}`);

  async function mayRecord(actor: Actor): Promise<void> {
    if (actor.role !== 'guest') return;
    authorize(actor, 'sendVoiceNote', { guestsAllowed: await repo.guestsAllowed() });
  }

  function measure(file: UploadedFile): MeasuredAudio {
    let measured: MeasuredAudio;
    try {
      measured = measureOpus(file.data);
    } catch (error) {
      if (error instanceof NotOpusAudio) throw new AppError('VOICE_NOTE_INVALID', 400);
      throw error;
    }
    if (!declaredTypeAgrees(file.mimetype, measured.container)) throw new AppError('VOICE_NOTE_TYPE_MISMATCH', 400);
    if (measured.durationMs > VOICE_NOTE_MEASURED_MAX_MS) throw new AppError('VOICE_NOTE_TOO_LONG', 413);
    if (measured.durationMs < VOICE_NOTE_MIN_MS) throw new AppError('VOICE_NOTE_TOO_SHORT', 400);
    return measured;
  }

  return {
    dir,

    /** Stores a recording of `actor`'s (see the module's rules); written whole, then renamed. */
    async upload(actor: Actor, file: UploadedFile, waveform: number[]): Promise<UploadedVoiceNote> {
      await mayRecord(actor);
      const since = new Date(clock.now() - VOICE_NOTE_UPLOAD_WINDOW_MS);
      if ((await repo.uploadedSince(actor.id, since)) >= VOICE_NOTE_UPLOADS_PER_WINDOW)
        throw new AppError('VOICE_NOTE_RATE_LIMITED', 429);
      const measured = measure(file);
      const id = randomBytes(16).toString('hex');
      const target = fileOf({ id, ownerId: actor.id, container: measured.container });
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, file.data);
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
      const row = await repo.insert({
        id,
        ownerId: actor.id,
        container: measured.container,
        durationMs: measured.durationMs,
        waveform,
        bytes: file.data.length,
        createdAt: new Date(clock.now()),
      });
      return toUploadedVoiceNote(row);
    },

    /**
     * A voice message's content checked and its note taken: the note must exist, be the sender's,
     * and not be in another message (a retry of the same send, by its clientMessageId, may take it
     * again). A visitor needs the owner's leave, as for the upload.
     */
    async resolve(actor: Actor, content: string, clientMessageId: string | null): Promise<ResolvedVoice> {
      await mayRecord(actor);
      const named = voiceNoteOf(content.trim());
      if (!named) throw new AppError('VOICE_NOTE_NOT_FOUND', 400);
      const row = await repo.find(named.id);
      if (!row || row.ownerId !== named.ownerId) throw new AppError('VOICE_NOTE_NOT_FOUND', 400);
      if (row.ownerId !== actor.id) throw new AppError('VOICE_NOTE_NOT_YOURS', 403);
      if (!(await repo.take(row.id, clientMessageId, new Date(clock.now()))))
        throw new AppError('VOICE_NOTE_ALREADY_SENT', 409);
      const url = voiceNoteUrl(row.ownerId, row.id, row.container);
      return { content: url, messageType: 'voice', attachments: [toVoiceAttachment(row)] };
    },

    /** The stored message now holds the note (see `resolve`). */
    async attach(content: string, messageId: number): Promise<void> {
      const named = voiceNoteOf(content);
      if (named) await repo.attach(named.id, messageId);
    },

    /** Its author or staff deleted a voice message: its note goes at once, row and file. */
    async removeHeldBy(messageId: number): Promise<void> {
      const gone = await repo.deleteHeldBy(messageId);
      await Promise.all(gone.map((row) => rm(fileOf(row), { force: true })));
    },

    /** An account was deleted: its notes' rows went with it (cascade), their files go now. */
    async removeFilesOf(ownerId: number): Promise<void> {
      await rm(path.join(dir, String(ownerId)), { recursive: true, force: true });
    },

    /** The data export: the person's voice notes (addresses, lengths, when, and whether sent). */
    async exported(ownerId: number): Promise<unknown[]> {
      const rows = await repo.ownedBy(ownerId);
      return rows.map((row) => ({
        url: voiceNoteUrl(row.ownerId, row.id, row.container),
        durationMs: row.durationMs,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
    },

    async setting(): Promise<VoiceNotesSetting> {
      return { guestsAllowed: await repo.guestsAllowed() };
    },

    async setGuestsAllowed(actor: Actor, allowed: boolean): Promise<VoiceNotesSetting> {
      authorize(actor, 'setVoiceNotesForGuests');
      await repo.setGuestsAllowed(allowed, actor.id);
      return { guestsAllowed: allowed };
    },

    fileOf,
  };
}

export type VoiceNotesService = ReturnType<typeof createVoiceNotesService>;
