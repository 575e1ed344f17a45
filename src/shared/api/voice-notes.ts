import * as z from 'zod/mini';
import { endpoint } from './endpoint';

/** A voice note's file: at most 1 MB (a minute of Opus at 32 kb/s is about 240 KB). */
export const VOICE_NOTE_MAX_BYTES = 1024 * 1024;
/** The longest recording the browser makes. */
export const VOICE_NOTE_MAX_MS = 60_000;
/** What the server accepts, measured from the file (a recorder stops a frame or two late). */
export const VOICE_NOTE_MEASURED_MAX_MS = VOICE_NOTE_MAX_MS + 1_000;
/** Shorter than this is a slip of the finger, not a message. */
export const VOICE_NOTE_MIN_MS = 300;
/** Voice notes one person may upload within the window (the disk is not a free-for-all). */
export const VOICE_NOTE_UPLOADS_PER_WINDOW = 30;
export const VOICE_NOTE_UPLOAD_WINDOW_MS = 10 * 60 * 1000;
/** The levels drawn as the note's waveform, each 0–100. */
export const VOICE_WAVEFORM_BARS = 48;
export const VOICE_WAVEFORM_MAX = 100;

/** Where voice notes are served from: `/uploads/voice/<owner id>/<random id>.<webm|ogg>`. */
export const VOICE_NOTES_URL = '/uploads/voice/';
export const VOICE_NOTE_FILE = /^([0-9a-f]{32})\.(webm|ogg)$/;
export const VOICE_NOTE_CONTAINERS = ['webm', 'ogg'] as const;
export type VoiceNoteContainer = (typeof VOICE_NOTE_CONTAINERS)[number];

export const voiceNoteUrl = (ownerId: number, id: string, container: VoiceNoteContainer): string =>
  `${VOICE_NOTES_URL}${ownerId}/${id}.${container}`;

/** The owner and id of a voice note from its address, or null when it is not one of ours. */
export function voiceNoteOf(url: string): { ownerId: number; id: string } | null {
  const match = /^\/uploads\/voice\/([1-9][0-9]{0,9})\/([0-9a-f]{32})\.(webm|ogg)$/.exec(url);
  return match ? { ownerId: Number(match[1]), id: match[2]! } : null;
}

/** The waveform the browser measured while recording: "12,40,…" (a form field), 48 levels of 0–100. */
export const waveformFieldSchema = z.pipe(
  z.string({ error: 'VOICE_NOTE_INVALID' }),
  z.transform((text: string, ctx) => {
    const levels = text.split(',').map((part) => Number(part.trim()));
    const valid =
      levels.length === VOICE_WAVEFORM_BARS &&
      levels.every((level) => Number.isInteger(level) && level >= 0 && level <= VOICE_WAVEFORM_MAX);
    if (!valid) ctx.issues.push({ code: 'custom', message: 'VOICE_NOTE_INVALID', input: text });
    return levels;
  }),
);

export const voiceNoteSchema = z.object({
  id: z.string(),
  url: z.string(),
  durationMs: z.int(),
  waveform: z.array(z.int()),
});
export type UploadedVoiceNote = z.infer<typeof voiceNoteSchema>;

const voiceNotesSettingSchema = z.object({ guestsAllowed: z.boolean() });
export type VoiceNotesSetting = z.infer<typeof voiceNotesSettingSchema>;

export const voiceNotesEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/uploads/voice',
    auth: 'session',
    files: ['audio'],
    body: z.object({ waveform: waveformFieldSchema }),
    reply: z.object({ voiceNote: voiceNoteSchema }),
    summary:
      'Upload a voice note (multipart `audio`: WebM/Ogg Opus read from the bytes, at most 1 MB and 60 s measured; `waveform`); its uploader sends it as messageType `voice`',
  }),
  setting: endpoint({
    method: 'GET',
    path: '/api/settings/voice-notes',
    auth: 'none',
    reply: voiceNotesSettingSchema,
    summary: 'Whether visitors may send voice notes (members always may)',
  }),
  setSetting: endpoint({
    method: 'PUT',
    path: '/api/settings/voice-notes',
    auth: 'session',
    body: voiceNotesSettingSchema,
    reply: voiceNotesSettingSchema,
    summary: 'Lets visitors send voice notes, or not (owner only)',
  }),
};
