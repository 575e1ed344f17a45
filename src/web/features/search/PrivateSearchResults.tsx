import { useState } from 'react';
import type { Message } from '../../../shared/entities/message';
import type { PublicUser } from '../../../shared/entities/user';
import { openConversation } from '../private-messages/open-conversation';
import { usePmClient } from '../private-messages/pm-context';
import { EMPTY_THREAD } from '../private-messages/pm-state';
import { pmStore } from '../private-messages/pm-store';
import { excerpt } from './Highlighted';
import { flashWhenShown } from './jump';
import { ResultList, ResultRow } from './ResultList';
import { searchPrivate } from './search-api';
import { SEARCH_TEXTS as T } from './texts';
import { useMessageSearch } from './use-message-search';

/** Pages of a conversation read back at most, looking for an old result (50 × 20 messages). */
const MAX_OLDER_PAGES = 50;

/** Resolves once the conversation with `otherId` has its latest page (or after `timeoutMs`). */
function threadLoaded(otherId: number, timeoutMs = 5000): Promise<boolean> {
  const loaded = () => (pmStore.getState().threads[otherId] ?? EMPTY_THREAD).loaded;
  if (loaded()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => {
      stop();
      resolve(false);
    }, timeoutMs);
    const stop = pmStore.subscribe(() => {
      if (!loaded()) return;
      window.clearTimeout(timer);
      stop();
      resolve(true);
    });
  });
}

/**
 * One's own private messages matching the messages panel's search (after the conversations whose
 * names match). A result opens its conversation, which goes to the message and marks it when its
 * page holds it.
 */
export function PrivateSearchResults({ query, myId }: { query: string; myId: number | undefined }) {
  const [people, setPeople] = useState<ReadonlyMap<number, PublicUser>>(new Map());
  const pm = usePmClient();
  const search = useMessageSearch(
    query,
    (q, before, signal) => searchPrivate(q, before, signal),
    (page) => setPeople((known) => new Map([...known, ...page.people.map((p) => [p.id, p] as const)])),
  );
  if (!search.searchable) return null;
  const otherOf = (message: Message) => (message.senderId === myId ? message.receiverId : message.senderId) ?? 0;
  const nameOf = (id: number) => people.get(id)?.username ?? '';
  const open = async (message: Message) => {
    const other = otherOf(message);
    openConversation({ id: other, username: nameOf(other) });
    await threadLoaded(other);
    // Older than the page the box opened on: earlier pages come, as scrolling up would bring them.
    const held = () => (pmStore.getState().threads[other] ?? EMPTY_THREAD).messages.some((m) => m.id === message.id);
    for (let page = 0; page < MAX_OLDER_PAGES && !held(); page++) if (!(await pm.loadOlder(other))) break;
    void flashWhenShown(message.id);
  };
  return (
    <section aria-labelledby="pm-search-title" className="border-t border-border pt-2" data-private-search>
      <h3 id="pm-search-title" className="px-4 pb-1 text-sm font-bold text-muted-foreground">
        {T.privateHeading}
      </h3>
      <ResultList search={search} hint={null}>
        {search.results.map((message) => {
          const other = nameOf(otherOf(message));
          return (
            <ResultRow
              key={message.id}
              message={message}
              terms={search.terms}
              name={
                <>
                  <bdi>{other}</bdi>
                  {message.senderId === myId && <span className="font-normal text-muted-foreground"> · {T.you}</span>}
                </>
              }
              label={`${T.privateResultWith(other)}: ${excerpt(message.content, search.terms)}`}
              onOpen={(found) => void open(found)}
            />
          );
        })}
      </ResultList>
    </section>
  );
}
