import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { UserAvatar } from '../../components/avatar';
import Drawer from '../chat/Drawer';
import { useSession } from '../session/session-store';
import { shortTime } from './message-time';
import { openConversation } from './open-conversation';
import { conversationList, type ConversationEntry } from './pm-state';
import { closeMessagesPanel, usePm } from './pm-store';
import { PM_TEXTS as T } from './texts';
import { VOICE_NOTE_TEXTS } from '../voice-notes/texts';
import { isSearchable, searchTerms } from '../../../shared/text/search';
import { PrivateSearchResults } from '../search';

function preview(entry: ConversationEntry, myId: number | undefined): string {
  const last = entry.lastMessage;
  if (!last) return '';
  const text =
    last.messageType === 'image'
      ? T.imagePreview
      : last.messageType === 'voice'
        ? VOICE_NOTE_TEXTS.preview
        : last.content.replace(/\s+/g, ' ');
  return last.senderId === myId ? `${T.you}${text}` : text;
}

function ConversationRow({ entry, myId }: { entry: ConversationEntry; myId: number | undefined }) {
  const unread = entry.unreadCount;
  const other = entry.otherUser;
  return (
    <li>
      <button
        type="button"
        onClick={() => openConversation({ id: entry.otherUserId, username: entry.username })}
        className="flex min-h-16 w-full items-center gap-3 px-3 py-2 text-start hover:bg-muted focus-visible:bg-muted"
        aria-label={`${T.conversationWith(entry.username)}${unread > 0 ? `، ${T.unread(unread)}` : ''}`}
      >
        <span className="relative shrink-0">
          <UserAvatar user={other} size="small" />
          {other?.isOnline && (
            <span
              aria-hidden="true"
              className="absolute -bottom-0.5 -start-0.5 h-3 w-3 rounded-full border-2 border-card bg-success"
            />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-baseline gap-2">
            <bdi className={`min-w-0 truncate ${unread > 0 ? 'font-bold' : 'font-medium'}`}>{entry.username}</bdi>
            {entry.lastMessage && (
              <time
                dateTime={entry.lastMessage.timestamp}
                className="ms-auto shrink-0 text-xs text-muted-foreground tabular-nums"
              >
                {shortTime(entry.lastMessage.timestamp)}
              </time>
            )}
          </span>
          <span className="flex items-center gap-2">
            <span
              dir="auto"
              className={`min-w-0 flex-1 truncate text-start text-sm ${unread > 0 ? 'text-foreground' : 'text-muted-foreground'}`}
            >
              {preview(entry, myId)}
            </span>
            {unread > 0 && (
              <span
                aria-hidden="true"
                className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-foreground tabular-nums"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The messages panel (spec §2): conversations newest first, each with its last message and
 * unread badge, and a search by name. A side sheet on phones and desktops alike.
 */
export default function MessagesPanel() {
  const conversations = usePm((s) => s.conversations);
  const loaded = usePm((s) => s.listLoaded);
  const session = useSession();
  const myId = session.record?.userId;
  const [search, setSearch] = useState('');
  const all = useMemo(() => conversationList(conversations), [conversations]);
  const shown = useMemo(() => conversationList(conversations, search), [conversations, search]);
  return (
    <Drawer open onOpenChange={(open) => !open && closeMessagesPanel()} title={T.title} side="end">
      <section aria-labelledby="pm-panel-title" className="flex flex-col">
        <h2 id="pm-panel-title" className="px-4 pb-2 text-lg font-bold">
          {T.title}
        </h2>
        {all.length > 0 && (
          <div className="relative px-3 pb-2">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute start-6 top-3 h-5 w-5 text-muted-foreground"
            />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={T.search}
              aria-label={T.searchLabel}
              className="h-11 w-full rounded-xl border border-border bg-background ps-10 pe-3 text-base placeholder:text-muted-foreground focus:border-primary"
            />
          </div>
        )}
        {!loaded && all.length === 0 ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
            {T.loading}
          </p>
        ) : all.length === 0 ? (
          <div className="px-6 py-10 text-center">
            <p className="font-bold">{T.empty}</p>
            <p className="mt-2 text-sm text-muted-foreground">{T.emptyHint(session.user?.gender)}</p>
          </div>
        ) : shown.length === 0 ? (
          // A search of the messages follows: it says itself when nothing matched.
          !isSearchable(searchTerms(search)) && (
            <p role="status" className="px-4 py-6 text-center text-sm text-muted-foreground">
              {T.noResults}
            </p>
          )
        ) : (
          <ul className="divide-y divide-border" aria-label={T.title}>
            {shown.map((entry) => (
              <ConversationRow key={entry.otherUserId} entry={entry} myId={myId} />
            ))}
          </ul>
        )}
        {all.length > 0 && <PrivateSearchResults query={search} myId={myId} />}
      </section>
    </Drawer>
  );
}
