import { soundsOn } from '../settings/sound-setting';

/** Spec §9: the notification sound is 800 Hz for 0.3 s. */
export const NOTIFICATION_TONE = { frequency: 800, seconds: 0.3 } as const;

let audio: AudioContext | null = null;

/** Plays the notification tone (Web Audio, no file) unless the user turned sounds off. */
export function playNotificationSound(): void {
  if (!soundsOn()) return;
  try {
    audio ??= new AudioContext();
    // A context made before any click may stay suspended; then there is silence, nothing breaks.
    void audio.resume().catch(() => undefined);
    const start = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = NOTIFICATION_TONE.frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + NOTIFICATION_TONE.seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start(start);
    tone.stop(start + NOTIFICATION_TONE.seconds);
  } catch {
    // No Web Audio here: notifications still show.
  }
}
