import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  VOICE_NOTE_FILE,
  VOICE_NOTE_MAX_BYTES,
  VOICE_NOTES_URL,
  voiceNotesEndpoints,
} from '../../../shared/api/voice-notes';
import { AppError } from '../../errors';
import { actorOf, route, type SessionReader } from '../../http/route';
import type { VoiceNotesService } from './voice-notes.service';

const AUDIO_TYPES = { webm: 'audio/webm', ogg: 'audio/ogg' } as const;

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` of a file of `size`, or null when it asks for none of it. */
function rangeOf(header: string, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : null;
}

/**
 * `POST /api/uploads/voice` (a recording, by someone signed in), the visitors setting, and the
 * stored notes themselves: only names the service writes are looked up, sent as audio the browser
 * may not reinterpret, with byte ranges (an audio element seeks with them), cached for a year (a
 * name is never reused).
 */
export function registerVoiceNotesRoutes(
  fastify: FastifyInstance,
  deps: { voiceNotes: VoiceNotesService; cookies: SessionReader },
): void {
  const { voiceNotes } = deps;

  route(
    fastify,
    voiceNotesEndpoints.upload,
    { ...deps, maxFileBytes: VOICE_NOTE_MAX_BYTES },
    async ({ session, files, body }) => {
      const file = files.audio;
      if (!file) throw new AppError('VOICE_NOTE_INVALID', 400);
      return { voiceNote: await voiceNotes.upload(actorOf(session), file, body.waveform) };
    },
  );
  route(fastify, voiceNotesEndpoints.setting, deps, async () => voiceNotes.setting());
  route(fastify, voiceNotesEndpoints.setSetting, deps, async ({ session, body }) =>
    voiceNotes.setGuestsAllowed(actorOf(session), body.guestsAllowed),
  );

  fastify.get<{ Params: { owner: string; file: string } }>(`${VOICE_NOTES_URL}:owner/:file`, async (request, reply) => {
    const { owner, file } = request.params;
    const named = VOICE_NOTE_FILE.exec(file);
    if (!/^[1-9][0-9]{0,9}$/.test(owner) || !named) throw new AppError('NOT_FOUND', 404);
    const target = path.join(voiceNotes.dir, owner, file);
    const found = await stat(target).catch(() => null);
    if (!found?.isFile()) throw new AppError('NOT_FOUND', 404);
    reply
      .header('content-type', AUDIO_TYPES[named[2] as keyof typeof AUDIO_TYPES])
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline');
    const asked = request.headers.range;
    if (asked) {
      const range = rangeOf(asked, found.size);
      if (!range) return reply.code(416).header('content-range', `bytes */${found.size}`).send();
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${found.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(target, range));
    }
    return reply.header('content-length', found.size).send(createReadStream(target));
  });
}
