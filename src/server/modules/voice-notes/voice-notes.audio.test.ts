import { describe, expect, it } from 'vitest';
import { anOggOpus, aWebmOpus } from '../../testing/test-audio';
import { declaredTypeAgrees, measureOpus, NotOpusAudio } from './voice-notes.audio';

describe('measuring a voice note from its bytes', () => {
  it('measures a streamed WebM (no duration header, clusters of unknown size) from its blocks', () => {
    expect(measureOpus(aWebmOpus({ durationMs: 4_000 }))).toEqual({ container: 'webm', durationMs: 4_000 });
    expect(measureOpus(aWebmOpus({ durationMs: 59_980 })).durationMs).toBe(59_980);
  });

  it('believes the blocks, not a header that says otherwise', () => {
    expect(measureOpus(aWebmOpus({ durationMs: 90_000, headerDurationMs: 5_000 })).durationMs).toBe(90_000);
  });

  it('measures an Ogg Opus from its last granule position, less the pre-skip', () => {
    expect(measureOpus(anOggOpus(3_000))).toEqual({ container: 'ogg', durationMs: 3_000 });
  });

  it('refuses what is not one Opus audio track', () => {
    expect(() => measureOpus(aWebmOpus({ durationMs: 1_000, codec: 'A_VORBIS' }))).toThrow(NotOpusAudio);
    expect(() => measureOpus(aWebmOpus({ durationMs: 1_000, trackType: 1 }))).toThrow(NotOpusAudio);
    expect(() => measureOpus(new TextEncoder().encode('ID3 not a voice note at all'))).toThrow(NotOpusAudio);
    expect(() => measureOpus(aWebmOpus({ durationMs: 1_000 }).subarray(0, 20))).toThrow(NotOpusAudio);
  });

  it('checks the declared type against the bytes, parameters aside', () => {
    expect(declaredTypeAgrees('audio/webm;codecs=opus', 'webm')).toBe(true);
    expect(declaredTypeAgrees('', 'ogg')).toBe(true);
    expect(declaredTypeAgrees('audio/ogg', 'webm')).toBe(false);
    expect(declaredTypeAgrees('audio/mpeg', 'webm')).toBe(false);
  });
});
