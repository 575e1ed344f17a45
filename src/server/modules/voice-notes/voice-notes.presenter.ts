import { voiceNoteUrl, type UploadedVoiceNote } from '../../../shared/api/voice-notes';
import type { Attachment } from '../../../shared/entities/message';
import type { VoiceNoteRow } from '../../db/schema';

export function toUploadedVoiceNote(row: VoiceNoteRow): UploadedVoiceNote {
  return {
    id: row.id,
    url: voiceNoteUrl(row.ownerId, row.id, row.container),
    durationMs: row.durationMs,
    waveform: row.waveform,
  };
}

/** What a voice message carries besides its address: the length and the levels to draw. */
export function toVoiceAttachment(row: VoiceNoteRow): Attachment {
  return {
    url: voiceNoteUrl(row.ownerId, row.id, row.container),
    type: 'voice',
    durationMs: row.durationMs,
    waveform: row.waveform,
  };
}
