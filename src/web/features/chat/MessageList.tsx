import { ArrowDown } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ListedMessage } from '../../../shared/entities/message';
import { Spinner } from '../../components/Spinner';
import { openCardForMessage } from '../people/user-card-store';
import { groupMessages, type DayLabel } from './message-groups';
import { mentions } from '../people/composer-requests';
import { useIgnoredIds } from '../people/social-queries';
import { useSession } from '../session/session-store';
import { MessageRow } from './MessageRow';
import { useChat, useChatClient } from './timeline/chat-context';
import { roomTimeline, timelineOf } from './timeline/chat-state';
import { useShowSystemMessages } from './system-messages-setting';
import { CHAT_TEXTS as T } from './texts';

/** How close to the bottom counts as "reading the latest": new messages then scroll into view. */
const STICK_THRESHOLD_PX = 120;
/** How close to the top starts loading the previous page, so it is usually there before the top. */
const LOAD_OLDER_PX = 400;

const dateFormat = new Intl.DateTimeFormat('ar-u-nu-latn', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function dayText(day: DayLabel): string {
  return day.type === 'today' ? T.today : day.type === 'yesterday' ? T.yesterday : dateFormat.format(day.date);
}

/**
 * The room's messages. New messages scroll into view only for a reader already at the bottom;
 * others get a control back to the latest with the count of new ones. Scrolling up loads earlier
 * pages (the realtime store holds them) with the reading position kept. Rows off screen skip
 * layout. Keyed by room by its parent, so switching rooms starts fresh at the bottom.
 */
export function MessageList({
  roomId,
  roomName,
  myId,
}: {
  roomId: string;
  roomName: string;
  myId: number | undefined;
}) {
  const client = useChatClient();
  const messages = useChat((s) => timelineOf(s, roomTimeline(roomId)).messages);
  const loaded = useChat((s) => timelineOf(s, roomTimeline(roomId)).loaded);
  const reachedStart = useChat((s) => timelineOf(s, roomTimeline(roomId)).reachedStart);
  const showSystem = useShowSystemMessages();
  const ignored = useIgnoredIds();
  const me = useSession().user;
  const myName = me?.username;
  const visible = useMemo(
    // The setting hides join and leave notices; moderation notices always show. People the reader
    // ignores are hidden (the server stops sending theirs; this hides those already shown).
    () =>
      messages.filter(
        (m) =>
          (showSystem || m.messageType !== 'system' || m.moderation) && !(ignored.size > 0 && ignored.has(m.senderId)),
      ),
    [messages, showSystem, ignored],
  );
  const items = useMemo(() => groupMessages(visible, new Date()), [visible]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const lastKey = useRef<string | number | undefined>(undefined);
  const firstKey = useRef<string | number | undefined>(undefined);
  // The scroll box as last seen: after older rows are added above, the same distance from the
  // bottom is restored, so what the reader looks at does not move.
  const lastBox = useRef({ top: 0, height: 0 });
  const onRetry = useCallback((m: ListedMessage) => client.retry(m), [client]);
  const onDiscard = useCallback((m: ListedMessage) => client.discard(m), [client]);

  const remember = () => {
    const el = scroller.current;
    if (el) lastBox.current = { top: el.scrollTop, height: el.scrollHeight };
  };

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth && !reduce ? 'smooth' : 'auto' });
    atBottom.current = true;
    setAwayFromBottom(false);
    setUnseen(0);
  }, []);

  // Set when a page brought nothing (a failure, already told): filling the screen stops trying,
  // so an unreachable server is not asked again and again; scrolling up still asks.
  const autoFillStopped = useRef(false);
  const loadOlder = useCallback(async () => {
    setLoadingOlder(true);
    autoFillStopped.current = !(await client.loadOlder(roomId));
    setLoadingOlder(false);
  }, [client, roomId]);

  useLayoutEffect(() => {
    const el = scroller.current;
    const first = visible.find((m) => m.id > 0 || m.clientMessageId);
    const firstNow = first ? (first.clientMessageId ?? first.id) : undefined;
    const prepended = firstKey.current !== undefined && firstNow !== firstKey.current && lastBox.current.height > 0;
    firstKey.current = firstNow;
    const last = visible.at(-1);
    const key = last ? (last.clientMessageId ?? last.id) : undefined;
    const arrived = key !== lastKey.current;
    lastKey.current = key;
    if (atBottom.current || (last && last.senderId === myId && last.pending)) scrollToBottom();
    else if (prepended && el) el.scrollTop = lastBox.current.top + (el.scrollHeight - lastBox.current.height);
    else if (arrived) setUnseen((n) => n + 1);
    remember();
  }, [visible, myId, scrollToBottom]);

  // Rows that grow after they are drawn (a picture or sticker decoding, a reaction, a font): at the
  // bottom the list follows them down, so the newest is seen whole; scrolled up, the browser's
  // scroll anchoring keeps what the reader looks at in place.
  const content = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = content.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const el = scroller.current;
      if (!el || !atBottom.current) return;
      el.scrollTop = el.scrollHeight;
      remember();
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  // A screen taller than the history loaded: fetch earlier pages until it scrolls or starts.
  useEffect(() => {
    const el = scroller.current;
    if (!el || !loaded || reachedStart || loadingOlder || autoFillStopped.current || visible.length === 0) return;
    if (el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX && el.scrollTop < LOAD_OLDER_PX) void loadOlder();
  }, [loaded, reachedStart, loadingOlder, visible, loadOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const wasAtBottom = atBottom.current;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
    setAwayFromBottom(!atBottom.current);
    if (atBottom.current) {
      setUnseen(0);
      // Back at the latest: earlier pages past the usual cap can go (they load again on the way up).
      if (!wasAtBottom) client.trimOlder(roomId);
    }
    if (el.scrollTop < LOAD_OLDER_PX && loaded && !reachedStart && !loadingOlder) void loadOlder();
    remember();
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        aria-busy={loadingOlder || undefined}
        className="h-full overflow-y-auto overscroll-contain px-1 py-2 sm:px-3"
      >
        {!loaded && visible.length === 0 ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={T.loadingMessages} />
          </div>
        ) : visible.length === 0 ? (
          <p className="flex h-full items-center justify-center text-muted-foreground">{T.emptyRoom(me?.gender)}</p>
        ) : null}
        <ol
          ref={content}
          role="log"
          aria-label={T.messagesLabel(roomName)}
          aria-live="polite"
          className="flex flex-col"
        >
          {visible.length > 0 && reachedStart && (
            <li className="flex items-center gap-3 px-4 py-2 text-xs text-muted-foreground" data-start-marker>
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              {T.startOfConversation}
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </li>
          )}
          {items.map((item) =>
            item.kind === 'day' ? (
              <li key={item.key} className="flex justify-center py-1.5">
                <span className="rounded-full bg-muted px-3 py-0.5 text-xs font-medium text-muted-foreground shadow-sm">
                  {dayText(item.day)}
                </span>
              </li>
            ) : (
              <MessageRow
                key={item.key}
                message={item.message}
                head={item.head}
                tail={item.tail}
                own={item.message.senderId === myId && item.message.messageType !== 'system'}
                onRetry={onRetry}
                onDiscard={onDiscard}
                onOpenSender={openCardForMessage}
                mentionsMe={item.message.senderId !== myId && mentions(item.message.content, myName)}
              />
            ),
          )}
        </ol>
      </div>
      {loadingOlder && (
        // Over the list, not in it: a row added above would push what the reader looks at down.
        <div className="pointer-events-none absolute inset-x-0 top-2 flex justify-center">
          <span className="rounded-full bg-card px-3 py-1 text-sm shadow-md">
            <Spinner label={T.loadingOlder} />
          </span>
        </div>
      )}
      {awayFromBottom && (
        <button
          type="button"
          onClick={() => {
            scrollToBottom(true);
            client.trimOlder(roomId);
          }}
          aria-label={unseen > 0 ? `${T.jumpToLatest}: ${T.unread(unseen)}` : T.jumpToLatest}
          title={T.jumpToLatest}
          className="absolute bottom-3 left-3 inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-full bg-primary px-3 text-sm font-medium text-primary-foreground shadow-lg"
        >
          <ArrowDown aria-hidden="true" className="h-5 w-5" />
          {unseen > 0 && <span className="tabular-nums">{T.unread(unseen)}</span>}
        </button>
      )}
    </div>
  );
}
