import path from 'node:path';
import type { Core, Module } from '../module';
import { createVoiceNotesRepo } from './voice-notes.repo';
import { voiceNotesRetention } from './voice-notes.retention';
import { registerVoiceNotesRoutes } from './voice-notes.routes';
import { createVoiceNotesService, type VoiceNotesService } from './voice-notes.service';

export type { ResolvedVoice, VoiceNotesService } from './voice-notes.service';
export { voiceNotesRetention, UNSENT_VOICE_NOTE_KEPT_MS } from './voice-notes.retention';

export interface VoiceNotesModule extends Module {
  /** A voice message's note checked and taken (`resolve`), then held by its message (`attach`). */
  voiceNotes: Pick<VoiceNotesService, 'resolve' | 'attach'>;
}

/** Where voice notes are stored: several nodes must share it (a shared volume), as they share the database. */
export function voiceNotesDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'voice');
}

/**
 * Voice notes (issue 22): the upload (type and length read from the bytes), the stored files,
 * the visitors setting; messages of type `voice` name a note, the messages modules take it
 * through `voiceNotes`. An account's files go with it; unheld notes go by retention.
 */
export function createVoiceNotesModule(core: Core): VoiceNotesModule {
  const dir = voiceNotesDir(core.config.dataDir);
  const voiceNotes = createVoiceNotesService({ repo: createVoiceNotesRepo(core.db), dir, clock: core.clock });
  const failed = core.logError('voice notes not removed');
  const stops = [
    core.bus.subscribe('user.deleted', ({ userId }) => void voiceNotes.removeFilesOf(userId).catch(failed)),
    // A deleted message stays for the moderation record, but its voice is no longer kept.
    core.bus.subscribe('message.deleted', ({ messageId }) => void voiceNotes.removeHeldBy(messageId).catch(failed)),
    core.bus.subscribe(
      'privateMessage.deleted',
      ({ messageId }) => void voiceNotes.removeHeldBy(messageId).catch(failed),
    ),
  ];
  return {
    name: 'voice-notes',
    voiceNotes,
    routes: (fastify, http) => registerVoiceNotesRoutes(fastify, { voiceNotes, cookies: http.cookies }),
    exportSections: { voiceNotes: (userId) => voiceNotes.exported(userId) },
    retention: [voiceNotesRetention(core.db, dir)],
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}
