import { Bold, Palette, SendHorizontal } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGES } from '../../../shared/constants';
import { loadComposerStyle, saveComposerStyle } from './composer-style';
import { useRealtime, useRealtimeClient } from './realtime/realtime-context';
import { CHAT_TEXTS as T } from './texts';

// The palette popover (and its positioning library) loads after the screen is up.
const ColorPicker = lazy(() => import('./ColorPicker'));

function ColorPlaceholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl opacity-60"
    >
      <Palette className="h-5 w-5" />
    </span>
  );
}

/** Shows the remaining characters only near the limit. */
const COUNTER_FROM = MESSAGES.maxLength - 100;

export function Composer() {
  const client = useRealtimeClient();
  const joined = useRealtime((s) => s.joinedRoomId !== null);
  const [text, setText] = useState('');
  const [style, setStyle] = useState(loadComposerStyle);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const length = [...text].length;

  useEffect(() => saveComposerStyle(style), [style]);

  // Grow with the text up to a few lines; the list above keeps the rest of the screen.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (client.sendMessage(text, style)) {
      setText('');
      client.setTyping(false);
    }
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={submit}
      className="border-t border-border bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4"
    >
      <div className="flex items-end gap-1">
        <Suspense fallback={<ColorPlaceholder />}>
          <ColorPicker value={style.textColor} onChange={(textColor) => setStyle((s) => ({ ...s, textColor }))} />
        </Suspense>
        <button
          type="button"
          aria-pressed={style.bold}
          aria-label={T.bold}
          title={T.bold}
          onClick={() => setStyle((s) => ({ ...s, bold: !s.bold }))}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl hover:bg-muted aria-pressed:bg-accent aria-pressed:text-accent-foreground"
        >
          <Bold aria-hidden="true" className="h-5 w-5" />
        </button>
        <label htmlFor={inputId} className="sr-only">
          {T.composerLabel}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={1}
          dir="auto"
          value={text}
          disabled={!joined}
          placeholder={joined ? T.composerPlaceholder : T.composerDisabled}
          onChange={(e) => {
            setText(e.target.value);
            client.setTyping(e.target.value.trim() !== '');
          }}
          onBlur={() => client.setTyping(false)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className={`max-h-36 min-h-10 flex-1 resize-none rounded-xl border border-border bg-background px-3 py-2 leading-6 focus:border-primary focus-visible:outline-none disabled:opacity-60 ${style.bold ? 'font-bold' : ''}`}
          style={{ color: style.textColor }}
        />
        <button
          type="submit"
          disabled={!joined || text.trim() === '' || length > MESSAGES.maxLength}
          aria-label={T.send}
          title={T.send}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground disabled:opacity-40"
        >
          <SendHorizontal aria-hidden="true" className="h-5 w-5 rotate-180" />
        </button>
      </div>
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
