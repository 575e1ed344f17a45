/** Voice notes (issue 22): the composers' microphone and the lists' player. */
export { VoiceRecordButton } from './VoiceRecordButton';
export { VoiceNotePlayer } from './VoiceNotePlayer';
export { VOICE_NOTE_TEXTS } from './texts';
