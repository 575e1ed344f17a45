import { ArrowDown } from 'lucide-react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ListedMessage } from '../../../shared/entities/message';
import { Spinner } from '../../components/Spinner';
import { openCardForMessage } from '../moderation/user-card-store';
import { MessageRow } from './MessageRow';
import { useRealtime, useRealtimeClient } from './realtime/realtime-context';
import { roomTimeline, timelineOf } from './realtime/realtime-state';
import { useShowSystemMessages } from './system-messages-setting';
import { CHAT_TEXTS as T } from './texts';

/** How close to the bottom counts as "reading the latest": new messages then scroll into view. */
const STICK_THRESHOLD_PX = 120;

/**
 * The room's messages. The list is capped (300 per room), rows off screen skip layout, and new
 * messages scroll into view only for a reader already at the bottom; others get a pill.
 * Keyed by room by its parent, so switching rooms starts fresh at the bottom.
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
  const client = useRealtimeClient();
  const messages = useRealtime((s) => timelineOf(s, roomTimeline(roomId)).messages);
  const loaded = useRealtime((s) => timelineOf(s, roomTimeline(roomId)).loaded);
  const showSystem = useShowSystemMessages();
  const visible = useMemo(
    // The setting hides join and leave notices; moderation notices always show.
    () => (showSystem ? messages : messages.filter((m) => m.messageType !== 'system' || m.moderation)),
    [messages, showSystem],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const lastKey = useRef<string | number | undefined>(undefined);
  const onRetry = useCallback((m: ListedMessage) => client.retry(m), [client]);

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    atBottom.current = true;
    setUnseen(0);
  }, []);

  useLayoutEffect(() => {
    const last = visible.at(-1);
    const key = last ? (last.clientMessageId ?? last.id) : undefined;
    const arrived = key !== lastKey.current;
    lastKey.current = key;
    if (atBottom.current || (last && last.senderId === myId && last.pending)) scrollToBottom();
    else if (arrived) setUnseen((n) => n + 1);
  }, [visible, myId, scrollToBottom]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_THRESHOLD_PX;
    if (atBottom.current) setUnseen(0);
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scroller} onScroll={onScroll} className="h-full overflow-y-auto overscroll-contain px-2 py-3 sm:px-4">
        {!loaded && visible.length === 0 ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={T.loadingMessages} />
          </div>
        ) : visible.length === 0 ? (
          <p className="flex h-full items-center justify-center text-muted-foreground">{T.emptyRoom}</p>
        ) : null}
        <ol role="log" aria-label={T.messagesLabel(roomName)} aria-live="polite" className="flex flex-col gap-1">
          {visible.map((message) => (
            <MessageRow
              key={message.clientMessageId ?? message.id}
              message={message}
              own={message.senderId === myId && message.messageType !== 'system'}
              onRetry={onRetry}
              onOpenSender={openCardForMessage}
            />
          ))}
        </ol>
      </div>
      {unseen > 0 && (
        <button
          type="button"
          onClick={() => scrollToBottom(true)}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-4 py-1.5 text-sm font-medium text-primary-foreground shadow-lg"
        >
          <ArrowDown aria-hidden="true" className="h-4 w-4" />
          {T.newMessages} ({unseen})
        </button>
      )}
    </div>
  );
}
