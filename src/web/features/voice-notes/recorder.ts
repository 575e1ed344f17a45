import { VOICE_NOTE_MAX_MS, VOICE_WAVEFORM_BARS, VOICE_WAVEFORM_MAX } from '../../../shared/api/voice-notes';

/** What MediaRecorder can write that the server takes: Opus in WebM (Chromium, Safari 18.4+) or Ogg (Firefox). */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm'] as const;

export function recordingType(): string | null {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;
  return TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

/** Levels sampled while recording, as the note's 48 bars (0–100, relative to its loudest part). */
export function waveformOf(samples: readonly number[]): number[] {
  const bars = Array.from({ length: VOICE_WAVEFORM_BARS }, (_, i) => {
    const from = Math.floor((i * samples.length) / VOICE_WAVEFORM_BARS);
    const to = Math.max(from + 1, Math.floor(((i + 1) * samples.length) / VOICE_WAVEFORM_BARS));
    return Math.max(0, ...samples.slice(from, to));
  });
  const peak = Math.max(...bars);
  return bars.map((level) => (peak > 0 ? Math.max(4, Math.round((level / peak) * VOICE_WAVEFORM_MAX)) : 4));
}

export interface Recording {
  audio: Blob;
  durationMs: number;
  waveform: number[];
}

/**
 * One recording from the microphone: Opus through MediaRecorder, the level read every 50 ms from
 * an analyser (shown live, kept for the waveform), stopped at 60 s by itself. `finish()` gives the
 * recording; `cancel()` drops it. The microphone is released either way.
 */
export class VoiceRecorder {
  private readonly chunks: Blob[] = [];
  private readonly samples: number[] = [];
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private startedAt = 0;
  private done = false;

  constructor(
    private readonly onTick: (elapsedMs: number, level: number) => void,
    /** The 60 s limit was reached: the owner sends what there is. */
    private readonly onLimit: () => void,
  ) {}

  async start(): Promise<void> {
    const mimeType = recordingType();
    if (!mimeType) throw new DOMException('no recorder', 'NotSupportedError');
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    if (this.done) {
      this.release();
      return;
    }
    const recorder = new MediaRecorder(this.stream, { mimeType, audioBitsPerSecond: 32_000 });
    this.recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.chunks.push(event.data);
    };
    const analyser = this.analyse(this.stream);
    recorder.start(250);
    this.startedAt = performance.now();
    const buffer = new Uint8Array(analyser?.fftSize ?? 0);
    this.timer = setInterval(() => {
      let level = 0;
      if (analyser) {
        analyser.getByteTimeDomainData(buffer);
        let sum = 0;
        for (const value of buffer) sum += ((value - 128) / 128) ** 2;
        level = Math.min(1, Math.sqrt(sum / buffer.length) * 3);
      }
      this.samples.push(level);
      const elapsed = performance.now() - this.startedAt;
      this.onTick(elapsed, level);
      if (elapsed >= VOICE_NOTE_MAX_MS) this.onLimit();
    }, 50);
  }

  private analyse(stream: MediaStream): AnalyserNode | null {
    try {
      this.context = new AudioContext();
      const analyser = this.context.createAnalyser();
      analyser.fftSize = 512;
      this.context.createMediaStreamSource(stream).connect(analyser);
      return analyser;
    } catch {
      return null;
    }
  }

  /** Stops and gives the recording (null when nothing was recorded). */
  async finish(): Promise<Recording | null> {
    if (this.done) return null;
    this.done = true;
    const recorder = this.recorder;
    const durationMs = Math.min(VOICE_NOTE_MAX_MS, performance.now() - this.startedAt);
    if (!recorder || recorder.state === 'inactive') {
      this.release();
      return null;
    }
    const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
    recorder.stop();
    await stopped;
    this.release();
    const audio = new Blob(this.chunks, { type: recorder.mimeType });
    return { audio, durationMs, waveform: waveformOf(this.samples) };
  }

  cancel(): void {
    if (this.done) return;
    this.done = true;
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
    this.release();
  }

  private release(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    void this.context?.close().catch(() => undefined);
    this.context = null;
  }
}
