import type { ReactNode } from 'react';
import type { Message } from '../../../shared/entities/message';
import { Spinner } from '../../components/Spinner';
import { shortTime } from '../private-messages/message-time';
import { excerpt, Highlighted } from './Highlighted';
import type { MessageSearch } from './use-message-search';
import { SEARCH_TEXTS as T } from './texts';

/** One result: who wrote it, when, and its text with the match marked; a button to go to it. */
export function ResultRow({
  message,
  terms,
  name,
  label,
  onOpen,
}: {
  message: Message;
  terms: readonly string[];
  name: ReactNode;
  label: string;
  onOpen: (message: Message) => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(message)}
        aria-label={label}
        data-result-id={message.id}
        className="flex min-h-11 w-full flex-col gap-0.5 px-4 py-2 text-start hover:bg-muted focus-visible:bg-muted"
      >
        <span className="flex w-full items-baseline gap-2 text-sm">
          <span className="min-w-0 truncate font-bold">{name}</span>
          <time dateTime={message.timestamp} className="ms-auto shrink-0 text-xs text-muted-foreground tabular-nums">
            {shortTime(message.timestamp)}
          </time>
        </span>
        <span className="line-clamp-3 text-sm">
          {message.messageType === 'image' ? (
            T.image
          ) : (
            <Highlighted text={excerpt(message.content, terms)} terms={terms} />
          )}
        </span>
      </button>
    </li>
  );
}

/** The state of a search under its field: the hint, waiting, a failure, nothing found, the results. */
export function ResultList({
  search,
  hint,
  children,
}: {
  search: MessageSearch;
  hint: string | null;
  children: ReactNode;
}) {
  return (
    <div aria-live="polite" aria-busy={search.loading || undefined}>
      {!search.searchable ? (
        hint && <p className="px-4 py-3 text-sm text-muted-foreground">{hint}</p>
      ) : search.error ? (
        <p role="alert" className="px-4 py-3 text-sm text-destructive">
          {search.error}
        </p>
      ) : search.results.length === 0 ? (
        search.loading ? (
          <div className="flex justify-center py-6">
            <Spinner label={T.searching} />
          </div>
        ) : (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
            {T.noResults}
          </p>
        )
      ) : (
        <>
          <ul aria-label={T.resultsLabel} className="divide-y divide-border">
            {children}
          </ul>
          {search.hasMore && (
            <div className="flex justify-center py-3">
              <button
                type="button"
                onClick={search.more}
                disabled={search.loading}
                className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border px-4 text-sm font-medium hover:bg-muted disabled:opacity-60"
              >
                {T.more}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
