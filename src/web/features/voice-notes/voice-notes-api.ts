import { useQuery } from '@tanstack/react-query';
import { VOICE_NOTE_MAX_BYTES, voiceNotesEndpoints, type UploadedVoiceNote } from '../../../shared/api/voice-notes';
import { can } from '../../../shared/policy';
import type { Role } from '../../../shared/roles';
import { ApiError, callApi } from '../../lib/api';
import { HTTP_TEXTS } from '../../lib/http-texts';

/** Uploads a recording (`POST /api/uploads/voice`) with the levels measured while it was made. */
export function uploadVoiceNote(audio: Blob, waveform: readonly number[]): Promise<UploadedVoiceNote> {
  if (audio.size > VOICE_NOTE_MAX_BYTES)
    return Promise.reject(new ApiError('IMAGE_TOO_LARGE', 413, HTTP_TEXTS.tooLarge));
  return callApi(voiceNotesEndpoints.upload, {
    body: { waveform: waveform.join(',') },
    files: { audio: new File([audio], audio.type.includes('ogg') ? 'voice.ogg' : 'voice.webm', { type: audio.type }) },
  }).then((reply) => reply.voiceNote);
}

/**
 * Whether this person may record voice notes: members always, visitors when the owner allows it
 * (read once, the policy decides as the server does).
 */
export function useMayRecordVoice(role: Role | undefined): boolean {
  const isGuest = role === 'guest';
  const setting = useQuery({
    queryKey: ['voice-notes', 'setting'],
    queryFn: () => callApi(voiceNotesEndpoints.setting),
    enabled: isGuest,
  });
  if (!role) return false;
  return can({ id: 0, role }, 'sendVoiceNote', { guestsAllowed: setting.data?.guestsAllowed ?? false });
}
