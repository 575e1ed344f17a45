/** This browser's microphone: audio only, cleaned up by the browser (echo, noise, gain). */
export interface Microphone {
  track: MediaStreamTrack;
  setEnabled(enabled: boolean): void;
  /** The current input level, 0–1. */
  level(): number;
  stop(): void;
}

export type OpenedMicrophone =
  { kind: 'granted'; microphone: Microphone } | { kind: 'refused' } | { kind: 'unavailable' };

export async function openMicrophone(): Promise<OpenedMicrophone> {
  if (!navigator.mediaDevices?.getUserMedia) return { kind: 'unavailable' };
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true, channelCount: 1 },
      video: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    return name === 'NotFoundError' || name === 'OverconstrainedError' ? { kind: 'unavailable' } : { kind: 'refused' };
  }
  const track = stream.getAudioTracks()[0];
  if (!track) return { kind: 'unavailable' };

  // The level meter: an analyser on the same stream (nothing is played back).
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);

  return {
    kind: 'granted',
    microphone: {
      track,
      setEnabled(enabled) {
        track.enabled = enabled;
      },
      level() {
        analyser.getByteTimeDomainData(samples);
        let sum = 0;
        for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
        return Math.min(1, Math.sqrt(sum / samples.length) * 4);
      },
      stop() {
        for (const t of stream.getTracks()) t.stop();
        void context.close().catch(() => undefined);
      },
    },
  };
}
