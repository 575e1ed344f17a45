import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { VOICE_WAVEFORM_BARS } from '../../../shared/api/voice-notes';
import type { Attachment } from '../../../shared/entities/message';
import { formatClock } from './format';
import { VOICE_NOTE_TEXTS as T } from './texts';

const RATES = [1, 1.5, 2] as const;
/** Asks a player to start (the one before it in its conversation has ended). */
const PLAY_EVENT = 'voice-note-play';

/** The note playing now, site-wide: starting another pauses it. */
let playing: HTMLAudioElement | null = null;

/** The next voice note after `root` in the same conversation (its log), in reading order. */
function nextPlayer(root: HTMLElement): HTMLElement | null {
  const scope = root.closest('[role="log"]') ?? document;
  const all = [...scope.querySelectorAll<HTMLElement>('[data-voice-note]')];
  return all[all.indexOf(root) + 1] ?? null;
}

/**
 * A voice message (issue 22): play/pause, the waveform (it fills as it plays; press or drag on it,
 * or use the arrow keys, to seek), the time, and the speed (1×, 1.5×, 2×). One note plays at a
 * time; when one ends, the next note of the conversation plays.
 */
export function VoiceNotePlayer({
  url,
  attachments,
  senderName,
  own = false,
}: {
  url: string;
  attachments: readonly Attachment[];
  senderName?: string | undefined;
  own?: boolean;
}) {
  const note = attachments.find((a) => a.type === 'voice');
  const root = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [isPlaying, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [rate, setRate] = useState<(typeof RATES)[number]>(1);
  const [measured, setMeasured] = useState<number | null>(null);
  const durationMs = note?.durationMs ?? measured ?? 0;
  const waveform = note?.waveform?.length ? note.waveform : Array.from({ length: VOICE_WAVEFORM_BARS }, () => 12);

  useEffect(() => {
    const element = root.current;
    const player = audio.current;
    if (!element || !player) return;
    const onPlay = () => void player.play().catch(() => undefined);
    element.addEventListener(PLAY_EVENT, onPlay);
    return () => {
      element.removeEventListener(PLAY_EVENT, onPlay);
      if (playing === player) playing = null;
    };
  }, []);

  useEffect(() => {
    if (audio.current) audio.current.playbackRate = rate;
  }, [rate]);

  function toggle() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  }

  function seek(ms: number) {
    const element = audio.current;
    if (!element) return;
    element.currentTime = ms / 1000;
    setPosition(ms);
  }

  const progress = durationMs > 0 ? Math.min(1, position / durationMs) : 0;
  const label = senderName ? T.voiceNoteFrom(senderName) : T.voiceNote;
  return (
    <div
      ref={root}
      data-voice-note
      data-playing={isPlaying ? 'true' : 'false'}
      role="group"
      aria-label={label}
      className="flex w-72 max-w-full items-center gap-2 py-0.5"
    >
      <audio
        ref={audio}
        src={url}
        preload="metadata"
        onPlay={(event) => {
          const element = event.currentTarget;
          if (playing && playing !== element) playing.pause();
          playing = element;
          element.playbackRate = rate;
          setPlaying(true);
        }}
        onPause={() => setPlaying(false)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime * 1000)}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setMeasured(seconds * 1000);
        }}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
          if (playing === audio.current) playing = null;
          const next = root.current ? nextPlayer(root.current) : null;
          next?.dispatchEvent(new CustomEvent(PLAY_EVENT));
        }}
      />
      <button
        type="button"
        onClick={toggle}
        aria-label={isPlaying ? T.pause : T.play}
        className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full ${
          own ? 'bg-primary text-primary-foreground' : 'bg-foreground/10'
        }`}
      >
        {isPlaying ? <Pause aria-hidden="true" className="h-5 w-5" /> : <Play aria-hidden="true" className="h-5 w-5" />}
      </button>
      <div className="relative flex h-11 min-w-0 flex-1 items-center" dir="ltr">
        <div aria-hidden="true" className="flex h-8 w-full items-center gap-px">
          {waveform.map((level, i) => (
            <span
              key={i}
              className={`min-w-0 flex-1 rounded-full ${i / waveform.length < progress ? 'bg-primary' : 'bg-foreground/25'}`}
              style={{ height: `${Math.max(14, level)}%` }}
            />
          ))}
        </div>
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.round(durationMs))}
          step={100}
          value={Math.round(position)}
          onChange={(event) => seek(Number(event.target.value))}
          aria-label={T.seek}
          aria-valuetext={`${formatClock(position)} / ${formatClock(durationMs)}`}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
      </div>
      <time dir="ltr" className="w-9 shrink-0 text-xs text-muted-foreground tabular-nums">
        {formatClock(isPlaying || position > 0 ? position : durationMs)}
      </time>
      <button
        type="button"
        onClick={() => setRate(RATES[(RATES.indexOf(rate) + 1) % RATES.length]!)}
        aria-label={T.speed(`${rate}×`)}
        className="inline-flex h-11 min-w-11 shrink-0 items-center justify-center rounded-full px-1 text-xs font-bold tabular-nums hover:bg-muted"
      >
        <span dir="ltr">{rate}×</span>
      </button>
    </div>
  );
}
