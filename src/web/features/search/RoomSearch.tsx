import * as Dialog from '@radix-ui/react-dialog';
import { ArrowRight, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../shared/entities/message';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { Spinner } from '../../components/Spinner';
import { errorToastText } from '../../lib/api';
import { useBackCloses } from '../../lib/back-stack';
import { useSession } from '../session/session-store';
import { excerpt, Highlighted } from './Highlighted';
import { flashRow, flashWhenShown, messageRow } from './jump';
import { ResultList, ResultRow } from './ResultList';
import { messagesAround, searchRoom } from './search-api';
import { SEARCH_TEXTS as T } from './texts';
import { useMessageSearch } from './use-message-search';
import { shortTime } from '../private-messages/message-time';

/** The room's list on the page (not a copy in this sheet). */
const ROOM_LIST = 'main [role="log"]';

interface Context {
  target: number;
  messages: Message[] | null;
  error: string | null;
}

/**
 * A message not in the room's loaded history, with the messages around it (`/around`): the sheet
 * shows them, scrolled to it and marked, and goes back to the results.
 */
function ContextView({ context, terms, onBack }: { context: Context; terms: readonly string[]; onBack: () => void }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const row = list.current && messageRow(context.target, list.current);
    if (row) flashRow(row);
  }, [context]);
  return (
    <section aria-labelledby="search-context-title" className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 px-2 pb-2">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex min-h-11 items-center gap-1 rounded-xl px-3 text-sm font-medium hover:bg-muted"
        >
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
          {T.backToResults}
        </button>
        <h3 id="search-context-title" className="ms-auto px-2 text-sm font-bold">
          {T.context}
        </h3>
      </div>
      {context.error ? (
        <p role="alert" className="px-4 py-3 text-sm text-destructive">
          {context.error}
        </p>
      ) : !context.messages ? (
        <div className="flex justify-center py-6">
          <Spinner label={T.loadingContext} />
        </div>
      ) : (
        <ol ref={list} className="flex flex-col gap-1 px-2 pb-4" aria-label={T.context}>
          {context.messages.map((message) => (
            <li
              key={message.id}
              data-message-id={message.id}
              className="search-context-row rounded-xl px-3 py-1.5"
              aria-current={message.id === context.target || undefined}
            >
              <span className="flex items-baseline gap-2 text-xs text-muted-foreground">
                <bdi className="font-bold text-foreground">{message.sender?.username ?? ''}</bdi>
                <time dateTime={message.timestamp} className="ms-auto tabular-nums">
                  {shortTime(message.timestamp)}
                </time>
              </span>
              <span className="block text-sm">
                {message.messageType === 'image' ? (
                  T.image
                ) : message.id === context.target ? (
                  <Highlighted text={message.content} terms={terms} />
                ) : (
                  <bdi dir="auto">{message.content}</bdi>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * The room's search sheet: a field, results newest first with the match marked. A result in the
 * loaded history: the sheet closes and the room's list goes to it and marks it; an older one is
 * shown in its context here.
 */
export default function RoomSearch({
  roomId,
  roomName,
  onClose,
}: {
  roomId: string;
  roomName: string;
  onClose: () => void;
}) {
  useBackCloses(onClose);
  const gender = useSession().user?.gender;
  const [query, setQuery] = useState('');
  const [context, setContext] = useState<Context | null>(null);
  const search = useMessageSearch(query, (q, before, signal) => searchRoom(roomId, q, before, signal));

  const open = (message: Message) => {
    const inRoom = document.querySelector(ROOM_LIST);
    if (inRoom && messageRow(message.id, inRoom)) {
      onClose();
      void flashWhenShown(message.id);
      return;
    }
    setContext({ target: message.id, messages: null, error: null });
    messagesAround(roomId, message.id).then(
      (page) => setContext((c) => (c?.target === message.id ? { ...c, messages: page.messages } : c)),
      (error: unknown) => setContext((c) => (c?.target === message.id ? { ...c, error: errorToastText(error) } : c)),
    );
  };

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          dir="rtl"
          data-search-sheet
          aria-describedby={undefined}
          className="fixed top-0 bottom-0 left-0 z-50 flex w-full max-w-md flex-col bg-card shadow-2xl sm:w-[90vw]"
        >
          <div className="flex items-center gap-2 px-2 pt-2">
            <Dialog.Title className="min-w-0 flex-1 truncate px-2 text-lg font-bold">{T.title(roomName)}</Dialog.Title>
            <DialogCloseButton label={T.close} />
          </div>
          <div className={context ? 'hidden' : 'relative px-3 py-2'}>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute start-6 top-5 h-5 w-5 text-muted-foreground"
            />
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={T.placeholder}
              aria-label={T.fieldLabel}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              className="h-11 w-full rounded-xl border border-border bg-background ps-10 pe-3 text-base placeholder:text-muted-foreground focus:border-primary"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {context ? (
              <ContextView context={context} terms={search.terms} onBack={() => setContext(null)} />
            ) : (
              <ResultList search={search} hint={T.hint(gender)}>
                {search.results.map((message) => (
                  <ResultRow
                    key={message.id}
                    message={message}
                    terms={search.terms}
                    name={<bdi>{message.sender?.username ?? ''}</bdi>}
                    label={`${T.openResult(message.sender?.username ?? '')}: ${excerpt(message.content, search.terms)}`}
                    onOpen={open}
                  />
                ))}
              </ResultList>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
