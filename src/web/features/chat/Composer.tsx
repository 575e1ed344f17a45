import { Lock, MicOff, SendHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGES } from '../../../shared/constants';
import type { OnlineUser } from '../../../shared/entities/user';
import { isStaff } from '../../../shared/roles';
import { messageTextColor, useShownTheme } from '../../lib/theme-colors';
import { showSuccess } from '../../lib/toast';
import { formatMuteEnd, useActiveMute } from '../moderation/mute';
import { runSlashCommand } from '../moderation/run-command';
import { isSlashCommand, parseSlashCommand } from '../moderation/slash-commands';
import { MODERATION_TEXTS } from '../moderation/texts';
import { actorOf, useSession } from '../session/session-store';
import { insertAtCaret } from '../emoji-picker/insert-at-caret';
import { AttachImageButton } from '../images/AttachImageButton';
import { VoiceRecordButton } from '../voice-notes';
import { useComposerPeople } from '../people/ComposerPeople';
import { loadComposerStyle, saveComposerStyle } from './composer-style';
import { StyleControls } from './StyleControls';
import { useLinkState } from '../../realtime';
import { useChat, useChatClient } from './timeline/chat-context';
import { onlineIn, writableRoomId } from './timeline/chat-state';
import { CHAT_TEXTS as T } from './texts';
import { noteSent, useSlowModeCountdown } from '../message-tools/slow-mode';
import { MESSAGE_TOOLS_TEXTS } from '../message-tools/texts';

// The emoji button likewise; its lists load only when it is opened.
const EmojiButton = lazy(() => import('../emoji-picker/EmojiButton'));

/** Shows the remaining characters only near the limit. */
const COUNTER_FROM = MESSAGES.maxLength - 100;
const NO_ONE: OnlineUser[] = [];

/** Spec: a muted user reads but cannot post, and is told until when (in their gender). */
export function MutedNotice({ text, gender }: { text: string; gender: string | null | undefined }) {
  return (
    <div role="status" className="mb-2 flex items-start gap-2 rounded-xl bg-warning/10 px-3 py-2 text-sm text-warning">
      <MicOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        <span className="font-bold">{text}</span>
        <span className="block text-xs text-muted-foreground">{MODERATION_TEXTS.mutedHint(gender)}</span>
      </p>
    </div>
  );
}

/** `blockedReason`: why the reader may not post in this room now (a lock or chat lock), if so. */
export function Composer({
  blockedReason = null,
  slowModeSeconds = 0,
}: {
  blockedReason?: string | null;
  /** The room's slow mode for this reader (0: none, or staff): a countdown after each message. */
  slowModeSeconds?: number;
}) {
  const client = useChatClient();
  const session = useSession();
  const me = actorOf(session);
  // Offline, the room on screen takes messages into the outbox (sent when the connection returns).
  const link = useLinkState((s) => s.status);
  const roomId = useChat((s) => writableRoomId(s, link));
  const inRoom = useChat((s) => s.joinedRoomId !== null);
  const online = useChat((s) => (s.joinedRoomId ? onlineIn(s, s.joinedRoomId) : NO_ONE));
  const joined = roomId !== null;
  const mutedUntil = useActiveMute();
  const mutedText =
    mutedUntil === null ? null : MODERATION_TEXTS.mutedUntil(session.user?.gender, formatMuteEnd(mutedUntil));
  const [commandError, setCommandError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const reasonId = useId();
  const [text, setText] = useState('');
  const [style, setStyle] = useState(loadComposerStyle);
  const theme = useShownTheme();
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const length = [...text].length;
  const people = useComposerPeople({ text, setText, input, online, myId: session.user?.id });
  const waitSeconds = useSlowModeCountdown(roomId, slowModeSeconds);

  useEffect(() => saveComposerStyle(style), [style]);

  // Grow with the text up to a few lines; the list above keeps the rest of the screen.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  const commandMode = isStaff(me.role) && isSlashCommand(text);
  // A staff member may still run commands in a chat-locked room they can post in; nobody while muted.
  const canWrite = joined && mutedText === null && !blockedReason;

  /** A staff command: run over HTTP, never posted to the room; a mistake is explained in place. */
  async function runCommand() {
    const parsed = parseSlashCommand(text, online);
    if (!parsed.ok) {
      setCommandError(parsed.error);
      return;
    }
    setRunning(true);
    const outcome = await runSlashCommand(me, parsed.command);
    setRunning(false);
    if (outcome.ok) {
      setText('');
      showSuccess(outcome.text);
    } else setCommandError(outcome.error);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canWrite || running) return;
    if (commandMode) {
      client.setTyping(false);
      void runCommand().then(() => input.current?.focus());
      return;
    }
    if (waitSeconds > 0) return;
    if (client.sendMessage(text, style, { replyToId: people.replyToId })) {
      // Only what the server counted starts the countdown (a message sent before slow mode did not).
      if (roomId && slowModeSeconds > 0) noteSent(roomId);
      setText('');
      people.sent();
      client.setTyping(false);
    }
    input.current?.focus();
  }

  /** A chosen emoji goes in at the caret, and the caret stays in the box right after it. */
  function insertEmoji(piece: string, isCode: boolean) {
    const el = input.current;
    const next = insertAtCaret(text, el?.selectionStart ?? text.length, el?.selectionEnd ?? text.length, piece, isCode);
    setText(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (people.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const sendButton = (
    <button
      type="submit"
      disabled={!canWrite || running || waitSeconds > 0 || text.trim() === '' || length > MESSAGES.maxLength}
      aria-label={T.send}
      title={T.send}
      className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground disabled:opacity-40"
    >
      <SendHorizontal aria-hidden="true" className="h-5 w-5 rotate-180" />
    </button>
  );
  return (
    <form
      onSubmit={submit}
      className="border-t border-border bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4"
    >
      {mutedText ? (
        <MutedNotice text={mutedText} gender={session.user?.gender} />
      ) : (
        blockedReason && (
          <p
            id={reasonId}
            role="status"
            className="mb-2 flex items-center gap-2 rounded-xl bg-muted px-3 py-2 text-sm text-muted-foreground"
          >
            <Lock aria-hidden="true" className="h-4 w-4 shrink-0 text-warning" />
            {blockedReason}
          </p>
        )
      )}
      {people.panel}
      <div className="flex items-end gap-1">
        <StyleControls style={style} setStyle={setStyle} />
        {canWrite && (
          <Suspense fallback={<span aria-hidden="true" className="h-11 w-11 shrink-0" />}>
            <EmojiButton onPick={insertEmoji} />
          </Suspense>
        )}
        <AttachImageButton disabled={!canWrite || !inRoom} onUploaded={(image) => client.sendImage(image)} />
        <label htmlFor={inputId} className="sr-only">
          {T.composerLabel}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={1}
          // Empty, "auto" would be left-to-right in Chromium (no letters to go by): the placeholder
          // and caret then sit on the left. Right-to-left until there is text, then its own.
          dir={text === '' ? 'rtl' : 'auto'}
          value={text}
          disabled={!canWrite}
          placeholder={mutedText ?? (blockedReason ? '' : joined ? T.composerPlaceholder : T.composerDisabled)}
          aria-describedby={commandError ? `${inputId}-error` : blockedReason ? reasonId : undefined}
          aria-invalid={commandError ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setCommandError(null);
            // A command being typed is not a message: the room is not told someone is typing.
            const typing = e.target.value.trim() !== '' && !(isStaff(me.role) && isSlashCommand(e.target.value));
            client.setTyping(typing);
          }}
          onBlur={() => client.setTyping(false)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          // The chosen colour and weight are for the text; the placeholder keeps its own.
          className={`max-h-36 min-h-11 flex-1 resize-none rounded-xl border border-border bg-background px-3 py-2.5 leading-6 placeholder:font-normal placeholder:text-muted-foreground focus:border-primary focus-visible:outline-none disabled:opacity-60 ${style.bold ? 'font-bold' : ''}`}
          style={{ color: messageTextColor(theme, style.textColor) }}
        />
        {text.trim() === '' ? (
          <VoiceRecordButton
            role={me.role}
            disabled={!canWrite || !inRoom}
            onRecorded={(note) => client.sendVoice(note)}
            fallback={sendButton}
          />
        ) : (
          sendButton
        )}
      </div>
      {commandError ? (
        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-destructive">
          {commandError}
        </p>
      ) : (
        commandMode && <p className="mt-1 text-xs text-muted-foreground">{MODERATION_TEXTS.slash.hint}</p>
      )}
      {canWrite && waitSeconds > 0 && (
        <p
          aria-live="polite"
          className="mt-1 flex items-center gap-1 text-xs text-muted-foreground"
          data-slow-countdown
        >
          {MESSAGE_TOOLS_TEXTS.waitToSend(waitSeconds)}
        </p>
      )}
      {length > COUNTER_FROM && (
        <p
          aria-live="polite"
          className={`mt-1 text-xs ${length > MESSAGES.maxLength ? 'text-destructive' : 'text-muted-foreground'}`}
        >
          {T.charsLeft(MESSAGES.maxLength - length)}
        </p>
      )}
    </form>
  );
}
