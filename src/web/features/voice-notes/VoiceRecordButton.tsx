import { Loader2, Mic, Send, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { VOICE_NOTE_MIN_MS, type UploadedVoiceNote } from '../../../shared/api/voice-notes';
import type { Role } from '../../../shared/roles';
import { byGender } from '../../../shared/arabic/grammar';
import { showError } from '../../lib/toast';
import { useSession } from '../session/session-store';
import { formatClock } from './format';
import { recordingType, VoiceRecorder } from './recorder';
import { VOICE_NOTE_TEXTS as T } from './texts';
import { uploadVoiceNote, useMayRecordVoice } from './voice-notes-api';

/** A press longer than this is "hold to record": its release sends. A shorter one is a click. */
const HOLD_MS = 350;
/** A held press that moves this far away cancels. */
const SLIDE_CANCEL_PX = 80;

type Phase = 'idle' | 'recording' | 'sending';

/**
 * The composers' microphone (issue 22), in the send button's place while there is no text. Hold it (a phone) to record, release to send, slide away
 * to drop; or click it (a desktop, the keyboard) to start, then press send or cancel. A live
 * timer and level show while recording; it stops and sends by itself at 60 s. The note is
 * uploaded, then `onRecorded` sends the message. Shown only to those who may send voice notes
 * (visitors when the owner allows it) in browsers that can record Opus.
 */
export function VoiceRecordButton({
  role,
  disabled = false,
  onRecorded,
  fallback = null,
}: {
  role: Role | undefined;
  disabled?: boolean;
  onRecorded: (note: UploadedVoiceNote) => void;
  /** Shown instead where voice notes cannot be recorded (the composer's send button). */
  fallback?: ReactNode;
}) {
  const allowed = useMayRecordVoice(role);
  const gender = useSession().user?.gender;
  const say = (forms: { male: string; female: string }) => byGender(gender, forms);
  const [phase, setPhase] = useState<Phase>('idle');
  const [mode, setMode] = useState<'hold' | 'toggle'>('hold');
  const [elapsed, setElapsed] = useState(0);
  const [level, setLevel] = useState(0);
  const recorder = useRef<VoiceRecorder | null>(null);
  const press = useRef<{ at: number; x: number; y: number } | null>(null);
  /** The click that follows the short press which started a recording by click is not "send". */
  const swallowClick = useRef(false);
  const latest = useRef(onRecorded);
  useEffect(() => {
    latest.current = onRecorded;
  });
  useEffect(() => () => recorder.current?.cancel(), []);

  if (!allowed || recordingType() === null) return fallback;

  async function start(how: 'hold' | 'toggle') {
    if (recorder.current || phase !== 'idle') return;
    const current = new VoiceRecorder(
      (ms, now) => {
        setElapsed(ms);
        setLevel(now);
      },
      () => void finish(),
    );
    recorder.current = current;
    setMode(how);
    setElapsed(0);
    setLevel(0);
    setPhase('recording');
    try {
      await current.start();
    } catch (error) {
      recorder.current = null;
      setPhase('idle');
      const name = error instanceof DOMException ? error.name : '';
      showError(
        name === 'NotFoundError' || name === 'NotSupportedError' ? T.microphoneMissing : say(T.microphoneDenied),
      );
    }
  }

  function cancel() {
    recorder.current?.cancel();
    recorder.current = null;
    press.current = null;
    setPhase('idle');
  }

  async function finish() {
    const current = recorder.current;
    if (!current) return;
    recorder.current = null;
    press.current = null;
    setPhase('sending');
    try {
      const recording = await current.finish();
      if (!recording || recording.durationMs < VOICE_NOTE_MIN_MS || recording.audio.size === 0) {
        showError(say(T.tooShort));
        return;
      }
      latest.current(await uploadVoiceNote(recording.audio, recording.waveform));
    } catch (error) {
      showError(error);
    } finally {
      setPhase('idle');
    }
  }

  const recording = phase === 'recording';
  return (
    <>
      <button
        type="button"
        disabled={(disabled && phase === 'idle') || phase === 'sending'}
        aria-label={phase === 'sending' ? T.sending : recording ? T.send : T.record}
        title={say(T.recordHint)}
        data-voice-record
        className={`relative inline-flex h-11 w-11 shrink-0 touch-none items-center justify-center rounded-xl select-none disabled:opacity-40 ${
          recording ? 'bg-destructive text-destructive-foreground' : 'bg-primary text-primary-foreground'
        }`}
        onContextMenu={(event) => event.preventDefault()}
        onPointerDown={(event) => {
          if (event.button !== 0 || disabled) return;
          if (recording) return; // a second press while recording by click: its release (click) sends
          event.currentTarget.setPointerCapture(event.pointerId);
          press.current = { at: performance.now(), x: event.clientX, y: event.clientY };
          void start('hold');
        }}
        onPointerMove={(event) => {
          const held = press.current;
          if (!held || mode !== 'hold') return;
          if (Math.hypot(event.clientX - held.x, event.clientY - held.y) > SLIDE_CANCEL_PX) cancel();
        }}
        onPointerUp={() => {
          const held = press.current;
          if (!held) return;
          press.current = null;
          // A short press is a click: keep recording until send or cancel is pressed.
          if (performance.now() - held.at < HOLD_MS) {
            swallowClick.current = true;
            setMode('toggle');
          } else void finish();
        }}
        onPointerCancel={() => {
          if (press.current) cancel();
        }}
        onClick={(event) => {
          if (swallowClick.current) {
            swallowClick.current = false;
            return;
          }
          // The keyboard (no pointer): start, or send what is being recorded.
          if (event.detail === 0) {
            if (recording) void finish();
            else void start('toggle');
          } else if (recording && mode === 'toggle' && !press.current) void finish();
        }}
      >
        {phase === 'sending' ? (
          <Loader2 aria-hidden="true" className="h-5 w-5 motion-safe:animate-spin" />
        ) : (
          <Mic aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
      {recording && (
        <div
          role="group"
          aria-label={T.recording}
          data-voice-recording
          className="fixed inset-x-2 bottom-[calc(env(safe-area-inset-bottom)+4.25rem)] z-40 mx-auto flex max-w-xl items-center gap-3 rounded-2xl border border-border bg-card px-2 py-1.5 shadow-lg"
        >
          <button
            type="button"
            onClick={cancel}
            aria-label={T.cancel}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-destructive hover:bg-muted"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
          <span
            aria-hidden="true"
            className="h-2.5 w-2.5 shrink-0 rounded-full bg-destructive motion-safe:animate-pulse"
          />
          <time dir="ltr" className="shrink-0 text-sm font-bold tabular-nums" data-voice-timer>
            {formatClock(elapsed)}
          </time>
          <span
            role="meter"
            aria-label={T.level}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
            className="relative h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-muted"
          >
            <span
              className="absolute inset-y-0 start-0 rounded-full bg-primary transition-[width] duration-75 motion-reduce:transition-none"
              style={{ width: `${Math.max(4, Math.round(level * 100))}%` }}
            />
          </span>
          {mode === 'hold' ? (
            <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{say(T.slideToCancel)}</span>
          ) : (
            <button
              type="button"
              onClick={() => void finish()}
              aria-label={T.send}
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground"
            >
              <Send aria-hidden="true" className="h-5 w-5 -scale-x-100" />
            </button>
          )}
        </div>
      )}
    </>
  );
}
