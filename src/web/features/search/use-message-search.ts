import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '../../../shared/entities/message';
import { isSearchable, searchTerms } from '../../../shared/text/search';
import { errorToastText, isAbort } from '../../lib/api';

/** Typing pauses this long before a search is sent. */
const DEBOUNCE_MS = 300;

export interface SearchPage<T extends Message = Message> {
  messages: T[];
  hasMore: boolean;
}

export interface MessageSearch {
  terms: string[];
  /** The query has enough letters to be sent. */
  searchable: boolean;
  results: Message[];
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  more(): void;
}

/**
 * Results for `query` from `fetchPage` (newest first), sent after typing pauses; an older page
 * when asked (`more`). A newer query cancels what an older one still waits for.
 */
export function useMessageSearch<P extends SearchPage>(
  query: string,
  fetchPage: (q: string, before: number | undefined, signal: AbortSignal) => Promise<P>,
  onPage?: (page: P) => void,
): MessageSearch {
  const terms = useMemo(() => searchTerms(query), [query]);
  const searchable = isSearchable(terms);
  const key = terms.join(' ');
  const [state, setState] = useState<{
    key: string;
    results: Message[];
    hasMore: boolean;
    loading: boolean;
    error: string | null;
  }>({ key: '', results: [], hasMore: false, loading: false, error: null });
  const controller = useRef<AbortController | null>(null);
  const fetcher = useRef(fetchPage);
  const pageSeen = useRef(onPage);
  useLayoutEffect(() => {
    fetcher.current = fetchPage;
    pageSeen.current = onPage;
  });

  const load = (q: string, before: number | undefined) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState((s) => ({ ...s, key: q, loading: true, error: null, ...(before === undefined ? { results: [] } : {}) }));
    fetcher.current(q, before, current.signal).then(
      (page) => {
        if (current.signal.aborted) return;
        pageSeen.current?.(page);
        setState((s) => ({
          key: q,
          results: before === undefined ? page.messages : [...s.results, ...page.messages],
          hasMore: page.hasMore,
          loading: false,
          error: null,
        }));
      },
      (error: unknown) => {
        if (isAbort(error) || current.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: errorToastText(error) }));
      },
    );
  };

  useEffect(() => {
    // What an earlier query still waits for is of no use now (results show only for their query).
    controller.current?.abort();
    if (!searchable) return;
    const timer = window.setTimeout(() => load(key, undefined), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key, searchable]);

  useEffect(() => () => controller.current?.abort(), []);

  const current = state.key === key && searchable;
  return {
    terms,
    searchable,
    results: current ? state.results : [],
    hasMore: current && state.hasMore,
    loading: searchable && (state.key !== key || state.loading),
    error: current ? state.error : null,
    more: () => {
      const last = state.results.at(-1);
      if (last && !state.loading) load(key, last.id);
    },
  };
}
