import { soundsOn } from '../settings/sound-setting';

/** At most one chime in this long, however busy the room: a sound per message would be noise. */
export const CHIME_GAP_MS = 3000;

/**
 * Whether a message from someone else should chime: sounds on, the chat out of sight (another
 * tab, another window, a locked phone), and no chime in the last few seconds.
 */
export function shouldChime(state: { on: boolean; inSight: boolean; lastChimeAt: number; now: number }): boolean {
  return state.on && !state.inSight && state.now - state.lastChimeAt >= CHIME_GAP_MS;
}

let audio: AudioContext | null = null;
let lastChimeAt = -Infinity;

/** A short soft two-note chime made by the browser itself (Web Audio): no file to download. */
function chime(): void {
  audio ??= new AudioContext();
  // Browsers may keep a context made without a click suspended; resuming may be refused: then silence.
  void audio.resume().catch(() => undefined);
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.12, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.3);
  }
}

/** A new message from someone else arrived: chime if the reader is away and wants sounds. */
export function chimeForIncoming(): void {
  const now = Date.now();
  const inSight = document.visibilityState === 'visible' && document.hasFocus();
  if (!shouldChime({ on: soundsOn(), inSight, lastChimeAt, now })) return;
  lastChimeAt = now;
  try {
    chime();
  } catch {
    // No Web Audio here (an old browser, a locked-down webview): the chat works without sound.
  }
}
