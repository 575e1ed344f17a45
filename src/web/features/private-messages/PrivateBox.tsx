import { ArrowRight, Check, CheckCheck, Clock, MoreHorizontal, SendHorizontal, X } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { MESSAGES } from '../../../shared/constants';
import type { ListedMessage } from '../../../shared/entities/message';
import { UserAvatar } from '../../components/avatar';
import { useBackCloses } from '../../lib/back-stack';
import { inReaderVoice } from '../../lib/reader-voice';
import { messageTextColor, useShownTheme } from '../../lib/theme-colors';
import { loadComposerStyle, saveComposerStyle } from '../chat/composer-style';
import { StyleControls } from '../chat/StyleControls';
import { MessageText } from '../chat/MessageRow';
import { useIsEditing } from '../message-tools/editing-store';
import { EditedMark, InlineEditor, OwnMessageActions } from '../message-tools/OwnMessageTools';
import { insertAtCaret } from '../emoji-picker/insert-at-caret';
import { AttachImageButton } from '../images/AttachImageButton';
import { ChatImage } from '../images/ChatImage';
import { StoryAttachment, storyAttachmentOf } from '../stories/StoryAttachment';
import { useSession } from '../session/session-store';
import { VoiceNotePlayer, VoiceRecordButton } from '../voice-notes';
import { bubbleTime } from './message-time';
import { usePmClient } from './pm-context';
import { EMPTY_THREAD, type Peer } from './pm-state';
import { closeConversation, usePm } from './pm-store';
import { PM_TEXTS as T } from './texts';

// The same emoji and sticker button as the room's composer; its lists load only when opened.
const EmojiButton = lazy(() => import('../emoji-picker/EmojiButton'));

/** Within this distance of the top, scrolling up loads the older page. */
const LOAD_OLDER_PX = 80;

function Mark({ message, readUpTo }: { message: ListedMessage; readUpTo: number }) {
  if (message.pending)
    return (
      <span className="inline-flex items-center" title={T.sending}>
        <Clock aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="sr-only">{T.sending}</span>
      </span>
    );
  if (message.id <= 0) return null;
  const read = message.id <= readUpTo;
  return (
    <span className={`inline-flex items-center ${read ? 'text-primary' : ''}`} title={read ? T.read : T.sent}>
      {read ? (
        <CheckCheck aria-hidden="true" className="h-3.5 w-3.5" />
      ) : (
        <Check aria-hidden="true" className="h-3.5 w-3.5" />
      )}
      <span className="sr-only">{read ? T.read : T.sent}</span>
    </span>
  );
}

function Bubble({ message, own, readUpTo }: { message: ListedMessage; own: boolean; readUpTo: number }) {
  const client = usePmClient();
  const color = messageTextColor(useShownTheme(), message.textColor);
  const editing = useIsEditing('pm', message.id);
  const [menu, setMenu] = useState(false);
  const story = storyAttachmentOf(message.attachments);
  return (
    <li
      className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}
      data-own={own || undefined}
      data-message-id={message.id > 0 ? message.id : undefined}
    >
      <div
        className={`max-w-[85%] rounded-2xl ${message.messageType === 'image' ? 'p-1' : 'px-3 py-1.5'} ${own ? 'rounded-ee-sm bg-own-message' : 'rounded-es-sm bg-muted'}`}
      >
        {story && <StoryAttachment attachment={story} />}
        {message.messageType === 'image' ? (
          <ChatImage message={message} senderName={message.sender?.username} />
        ) : message.messageType === 'voice' ? (
          <VoiceNotePlayer
            url={message.content}
            attachments={message.attachments}
            senderName={message.sender?.username}
            own={own}
          />
        ) : editing ? (
          <InlineEditor message={message} kind="pm" />
        ) : (
          <p
            dir="auto"
            className={`leading-6 break-words whitespace-pre-wrap ${message.bold ? 'font-bold' : ''}`}
            style={{ color }}
          >
            <MessageText text={message.content} />
          </p>
        )}
      </div>
      <div className="flex items-center gap-1 px-1 text-[11px] text-muted-foreground tabular-nums">
        <time dateTime={message.timestamp}>{bubbleTime(message.timestamp)}</time>
        <EditedMark editedAt={message.editedAt} />
        {own && <Mark message={message} readUpTo={readUpTo} />}
        {own && message.id > 0 && (
          <button
            type="button"
            aria-expanded={menu}
            aria-label={T.messageMenu}
            title={T.messageMenu}
            data-action="message-menu"
            onClick={() => setMenu((v) => !v)}
            className="-my-3 inline-flex h-11 w-9 items-center justify-center rounded-full hover:text-foreground"
          >
            <MoreHorizontal aria-hidden="true" className="h-4 w-4" />
          </button>
        )}
      </div>
      {menu && own && (
        <div
          role="group"
          aria-label={T.messageMenu}
          className="flex items-center gap-1 rounded-full bg-card px-1 shadow-md"
        >
          <OwnMessageActions message={message} kind="pm" onDone={() => setMenu(false)} />
        </div>
      )}
      {message.failed && (
        <p className="flex flex-wrap items-center gap-x-2 px-1 text-xs text-destructive">
          {message.failReason ? T.notSentBecause(inReaderVoice(message.failReason)) : T.notSent}
          <button
            type="button"
            onClick={() => client.retry(message)}
            className="min-h-11 font-medium underline underline-offset-2"
          >
            {T.retry}
          </button>
          <button
            type="button"
            onClick={() => client.discard(message)}
            className="min-h-11 font-medium underline underline-offset-2"
          >
            {T.discard}
          </button>
        </p>
      )}
    </li>
  );
}

function PrivateComposer({ peer }: { peer: Peer }) {
  const role = useSession().user?.role;
  const client = usePmClient();
  const [text, setText] = useState('');
  const [style, setStyle] = useState(loadComposerStyle);
  const theme = useShownTheme();
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const length = [...text].length;

  useEffect(() => saveComposerStyle(style), [style]);
  useEffect(() => {
    // On a desktop the box opens ready to type; a phone keeps its keyboard down until asked.
    if (window.matchMedia('(min-width: 1024px)').matches) input.current?.focus();
  }, []);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 120)}px`;
  }, [text]);
  useEffect(() => () => client.setTyping(peer.id, false), [client, peer.id]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (client.send(peer, text, style)) setText('');
    input.current?.focus();
  }

  /** A chosen emoji or sticker code goes in at the caret, and the caret stays right after it. */
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
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const sendButton = (
    <button
      type="submit"
      disabled={text.trim() === '' || length > MESSAGES.maxLength}
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
      className="border-t border-border bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      <div className="flex items-end gap-0.5">
        <StyleControls style={style} setStyle={setStyle} />
        <Suspense fallback={<span aria-hidden="true" className="h-11 w-11 shrink-0" />}>
          <EmojiButton onPick={insertEmoji} />
        </Suspense>
        <AttachImageButton onUploaded={(image) => client.sendImage(peer, image)} />
        <label htmlFor={inputId} className="sr-only">
          {T.composerLabel(peer.username)}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={1}
          dir={text === '' ? 'rtl' : 'auto'}
          value={text}
          placeholder={T.placeholder}
          onChange={(e) => {
            setText(e.target.value);
            client.setTyping(peer.id, e.target.value.trim() !== '');
          }}
          onBlur={() => client.setTyping(peer.id, false)}
          onKeyDown={onKeyDown}
          enterKeyHint="send"
          className={`max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-xl border border-border bg-background px-3 py-2 leading-6 placeholder:font-normal placeholder:text-muted-foreground focus:border-primary focus-visible:outline-none ${style.bold ? 'font-bold' : ''}`}
          style={{ color: messageTextColor(theme, style.textColor) }}
        />
        {text.trim() === '' ? (
          <VoiceRecordButton role={role} onRecorded={(note) => client.sendVoice(peer, note)} fallback={sendButton} />
        ) : (
          sendButton
        )}
      </div>
    </form>
  );
}

/**
 * The private message box: on a phone a full screen with Back, on a desktop a panel docked at
 * the bottom beside the room. Older pages load when scrolling up; the conversation is marked
 * read while it is on screen; the other person's typing and online state show in its header;
 * one's own messages say sending, sent or read.
 */
export default function PrivateBox({ peer }: { peer: Peer }) {
  const client = usePmClient();
  const session = useSession();
  const myId = session.record?.userId;
  const thread = usePm((s) => s.threads[peer.id] ?? EMPTY_THREAD);
  const conversation = usePm((s) => s.conversations[peer.id]);
  const typing = usePm((s) => (s.typing[peer.id] ?? 0) > 0);
  const other = conversation?.otherUser ?? null;
  const name = other?.username ?? peer.username;
  const unread = conversation?.unreadCount ?? 0;
  const titleId = useId();
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const anchor = useRef<number | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  useBackCloses(closeConversation);

  useEffect(() => {
    if (!thread.loaded) void client.loadLatest(peer.id);
  }, [client, peer.id, thread.loaded]);

  // Read while on screen: at once if the page is visible, else when it becomes visible.
  useEffect(() => {
    if (unread === 0) return;
    if (document.visibilityState === 'visible') {
      void client.markRead(peer.id);
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') void client.markRead(peer.id);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [client, peer.id, unread]);

  // After an older page went in above, keep the reader's place; otherwise follow the newest.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (anchor.current !== null) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [thread.messages]);

  function onScroll() {
    const el = list.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 60;
    if (el.scrollTop > LOAD_OLDER_PX || !thread.hasMore || loadingOlder) return;
    anchor.current = el.scrollHeight - el.scrollTop;
    setLoadingOlder(true);
    void client.loadOlder(peer.id).then((got) => {
      if (!got) anchor.current = null;
      setLoadingOlder(false);
    });
  }

  const status = typing ? T.typing(other?.gender) : other?.isOnline ? T.online(other.gender) : null;

  return (
    <section
      aria-labelledby={titleId}
      data-testid="private-box"
      data-image-drop
      onKeyDown={(event) => {
        // Keys from a layer portalled above it (the lightbox) bubble here through React: not ours.
        if (!event.currentTarget.contains(event.target as Node)) return;
        if (event.key === 'Escape' && !event.defaultPrevented) closeConversation();
      }}
      // A phone: the whole screen. A desktop: the last column of the chat screen, beside the room
      // (ChatScreen leaves that column free while a conversation is open).
      className="fixed inset-0 z-40 flex flex-col bg-background lg:inset-auto lg:top-14 lg:bottom-0 lg:left-0 lg:z-20 lg:w-[25rem] lg:border-s lg:border-border"
    >
      <header className="flex h-14 shrink-0 items-center gap-2 bg-nav px-1 text-nav-foreground lg:border-b lg:border-border lg:bg-card lg:px-2 lg:text-card-foreground">
        <button
          type="button"
          onClick={closeConversation}
          aria-label={T.back}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-white/10 lg:hidden"
        >
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </button>
        <span className="relative shrink-0">
          <UserAvatar user={other} />
        </span>
        <div className="flex min-w-0 flex-1 flex-col leading-tight">
          <h2 id={titleId} className="truncate font-bold">
            <span className="sr-only">{T.conversationWith(name)}</span>
            <bdi aria-hidden="true">{name}</bdi>
          </h2>
          <p aria-live="polite" className="truncate text-xs text-white/70 lg:text-muted-foreground">
            {status ?? (other ? T.offline(other.gender) : '')}
          </p>
        </div>
        <button
          type="button"
          onClick={closeConversation}
          aria-label={T.close}
          title={T.close}
          className="hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl hover:bg-muted lg:inline-flex"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </header>
      <ol
        ref={list}
        role="log"
        aria-label={T.conversationWith(name)}
        onScroll={onScroll}
        className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto px-3 py-3"
      >
        {loadingOlder && (
          <li role="status" className="py-1 text-center text-xs text-muted-foreground">
            {T.loadingOlder}
          </li>
        )}
        {thread.loaded && !thread.hasMore && thread.messages.length > 0 && (
          <li className="py-1 text-center text-xs text-muted-foreground">{T.start}</li>
        )}
        {thread.loaded && thread.messages.length === 0 && (
          <li className="m-auto px-6 text-center text-sm text-muted-foreground">
            {T.noMessages(session.user?.gender)}
          </li>
        )}
        {thread.messages.map((message) => (
          <Bubble
            key={message.clientMessageId ?? message.id}
            message={message}
            own={message.senderId === myId}
            readUpTo={thread.otherReadUpTo}
          />
        ))}
      </ol>
      <PrivateComposer peer={peer} />
    </section>
  );
}
