import { X } from 'lucide-react';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { OnlineUser } from '../../../shared/entities/user';
import { UserAvatar } from '../../components/avatar';
import { cancelReply, composerRequests, mentionAtCaret, useComposerRequests } from './composer-requests';
import { PEOPLE_TEXTS as T } from './texts';

const MAX_SUGGESTIONS = 6;

/**
 * The composer's people parts: the reply being written (shown above the box, cancellable), a
 * mention asked from a card (inserted as `@name `), and `@name` completion from the people in the
 * room (arrows and Enter or Tab pick, Escape closes).
 */
export function useComposerPeople(options: {
  text: string;
  setText: (text: string) => void;
  input: RefObject<HTMLTextAreaElement | null>;
  online: readonly OnlineUser[];
  myId: number | undefined;
}): {
  panel: ReactNode;
  replyToId: number | undefined;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  sent: () => void;
} {
  const { text, setText, input, online, myId } = options;
  const { replyTo, mention } = useComposerRequests();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);

  // Follow the caret (typing, clicks, arrows) to know whether an `@name` is being typed.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    // After the event: a state change inside the native `input` event would re-render the box
    // with the old text before React's own change handler ran.
    const update = () => requestAnimationFrame(() => setCaret(el.selectionStart ?? el.value.length));
    for (const type of ['input', 'keyup', 'click', 'select'] as const) el.addEventListener(type, update);
    return () => {
      for (const type of ['input', 'keyup', 'click', 'select'] as const) el.removeEventListener(type, update);
    };
  }, [input]);

  const insert = (name: string, start: number, end: number, lead = '') => {
    const piece = `${lead}@${name} `;
    const next = text.slice(0, start) + piece + text.slice(end);
    setText(next);
    const at = start + piece.length;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(at, at);
      setCaret(at);
    });
  };

  // A mention asked from a person's card goes in at the caret.
  useEffect(() => {
    if (!mention) return;
    const el = input.current;
    const at = el?.selectionStart ?? text.length;
    const before = text.slice(0, at);
    insert(mention.name, at, at, before.length > 0 && !/\s$/u.test(before) ? ' ' : '');
    composerRequests.setState({ mention: null });
    // Only when a new request arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mention?.seq]);

  // A reply focuses the box.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo, input]);

  const typed = mentionAtCaret(text, caret);
  const suggestions = useMemo(() => {
    if (!typed || typed.query === dismissed) return [];
    const query = typed.query.toLocaleLowerCase('ar');
    return online
      .filter((u) => u.id !== myId && u.username.toLocaleLowerCase('ar').startsWith(query))
      .slice(0, MAX_SUGGESTIONS);
  }, [typed, online, myId, dismissed]);
  const open = typed !== null && suggestions.length > 0;
  const current = Math.min(active, Math.max(0, suggestions.length - 1));

  const pick = (user: OnlineUser) => {
    if (!typed) return;
    insert(user.username, typed.start, caret);
    setActive(0);
  };

  const panel = (
    <>
      {replyTo && (
        <div className="mb-2 flex items-center gap-2 rounded-xl border-s-4 border-primary bg-muted px-3 py-1.5 text-sm">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-bold text-primary">{T.replyingTo(replyTo.senderName)}</p>
            <p dir="auto" className="truncate text-xs text-muted-foreground">
              {replyTo.excerpt}
            </p>
          </div>
          <button
            type="button"
            onClick={cancelReply}
            aria-label={T.cancelReply}
            title={T.cancelReply}
            className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-card"
          >
            <X aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      )}
      {open && (
        <ul
          role="listbox"
          aria-label={T.mentionSuggestions}
          className="mb-2 max-h-48 overflow-y-auto rounded-xl border border-border bg-card p-1 shadow-lg"
        >
          {suggestions.map((user, index) => (
            <li key={user.id} role="option" aria-selected={index === current}>
              <button
                type="button"
                // Keep the caret in the box: pick on mouse down, before the box loses focus.
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(user);
                }}
                className={`flex min-h-11 w-full items-center gap-2 rounded-lg px-2 text-start text-sm ${index === current ? 'bg-muted' : ''}`}
              >
                <UserAvatar user={user} />
                <bdi className="truncate font-medium">{user.username}</bdi>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );

  return {
    panel,
    replyToId: replyTo?.id,
    onKeyDown(event) {
      if (event.key === 'Escape' && replyTo && !open) {
        cancelReply();
        return true;
      }
      if (!open) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + suggestions.length) % suggestions.length);
        return true;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        pick(suggestions[current]!);
        return true;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(typed?.query ?? null);
        return true;
      }
      return false;
    },
    sent() {
      cancelReply();
      setDismissed(null);
    },
  };
}
