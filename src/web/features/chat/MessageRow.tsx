import { Fragment, memo, useMemo } from 'react';
import { parseMessageText } from '../../../shared/emoji/parse';
import type { ListedMessage } from '../../../shared/entities/message';
import { linkBreakPieces, shortenLink } from '../../../shared/text/links';
import { Avatar, UserAvatar } from '../../components/avatar';
import { UserName } from '../../components/user-name';
import { inReaderVoice } from '../../lib/reader-voice';
import { messageTextColor, useShownTheme } from '../../lib/theme-colors';
import { ChatImage } from '../images/ChatImage';
import { VoiceNotePlayer } from '../voice-notes';
import { ModerationNotice } from '../moderation/ModerationNotice';
import { ReactionBar, ReplyQuote, swipeToReply } from '../people/MessageExtras';
import { useIsEditing } from '../message-tools/editing-store';
import { EditedMark, InlineEditor } from '../message-tools/OwnMessageTools';
import { RoomMessageMenu } from '../message-tools/RoomMessageMenu';
import type { TimelineEntry } from './timeline/chat-state';
import { CHAT_TEXTS as T } from './texts';

/**
 * Message text: emoji codes (`:)`, `:c12:`, `:s3:`…) as their images and http(s) links as links;
 * everything else stays text (React escapes it).
 */
export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => parseMessageText(text), [text]);
  return parts.map((part, index) => {
    if (part.type === 'text') return part.text;
    if (part.type === 'link')
      return (
        // dir="ltr" isolates the address, so Arabic around it keeps its order. Lines end only
        // after a separator (<wbr>), never mid-word; a single piece wider than the line (rare:
        // shown links are shortened) wraps as a last resort.
        <a
          key={index}
          href={part.href}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          title={T.linkTitle(part.href)}
          dir="ltr"
          className="rounded font-medium break-words text-primary underline underline-offset-2"
        >
          {linkBreakPieces(shortenLink(part.href)).map((piece, i) => (
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {piece}
            </Fragment>
          ))}
        </a>
      );
    const sticker = part.emoji.category === 'stickers';
    return (
      <img
        key={index}
        src={part.emoji.url}
        alt={part.emoji.code}
        title={part.emoji.name}
        width={sticker ? 96 : 24}
        height={sticker ? 96 : 24}
        loading="lazy"
        decoding="async"
        className={`inline-block align-text-bottom ${sticker ? 'h-24 w-24' : 'mx-0.5 h-6 w-6'}`}
      />
    );
  });
}

const timeFormat = new Intl.DateTimeFormat('ar-u-nu-latn', { hour: '2-digit', minute: '2-digit' });

export function messageTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

interface MessageRowProps {
  message: TimelineEntry;
  own: boolean;
  /** First of a run from one sender: shows the avatar, name and time; the rest show only text. */
  head: boolean;
  /** Last of its run: the own-message tint rounds off below it. */
  tail: boolean;
  onRetry: (message: ListedMessage) => void;
  /** Removes a message that failed for good from the writer's screen. */
  onDiscard: (message: ListedMessage) => void;
  /** Opens the sender's card (actions on them and on this message). */
  onOpenSender: (message: ListedMessage) => void;
  /** The message names the reader (`@name`): highlighted for them. */
  mentionsMe?: boolean;
}

/** One row: avatar with ring, name, time, text in the sender's colour and weight. */
export const MessageRow = memo(function MessageRow({
  message,
  own,
  head,
  tail,
  onRetry,
  onDiscard,
  onOpenSender,
  mentionsMe = false,
}: MessageRowProps) {
  const theme = useShownTheme();
  const editing = useIsEditing('room', message.id);
  if (message.moderation) {
    return (
      <li className="message-row flex justify-center py-0.5">
        <ModerationNotice notice={message.moderation} />
      </li>
    );
  }
  if (message.messageType === 'system') {
    const verb = message.notice === 'leave' ? T.left(message.noticeGender) : T.joined(message.noticeGender);
    return (
      <li className="message-row flex justify-center py-0.5">
        <p className="rounded-full bg-muted px-3 py-0.5 text-xs text-muted-foreground">
          <bdi className="font-medium">{message.content}</bdi> {verb}
        </p>
      </li>
    );
  }
  const sender = message.sender;
  // The default colour is the theme's text colour; a picked one is made readable on this theme.
  const color = messageTextColor(theme, message.textColor);
  return (
    <li
      className={`message-row flex gap-2 px-2 sm:px-3 ${head ? 'mt-1 rounded-t-xl pt-1.5' : ''} ${tail ? 'rounded-b-xl pb-1.5' : 'pb-0.5'} ${own ? 'bg-own-message' : ''} ${mentionsMe ? 'message-mention' : ''}`}
      data-head={head || undefined}
      data-message-id={message.id > 0 ? message.id : undefined}
      {...(message.id > 0 && !message.isPrivate ? swipeToReply(message) : {})}
    >
      {head ? (
        sender ? (
          <button
            type="button"
            onClick={() => onOpenSender(message)}
            aria-label={T.openCard(sender.username)}
            // The avatar is 36 px; the padding makes the target 44 px without moving the layout.
            className="-m-1 h-fit shrink-0 rounded-full p-1"
          >
            <UserAvatar user={sender} frameOverflows />
          </button>
        ) : (
          <Avatar image={null} gender={null} />
        )
      ) : (
        // Under the avatar column, so a run of messages lines up with its first one.
        <span aria-hidden="true" className="w-9 shrink-0" />
      )}
      <div className="flex min-w-0 flex-1 flex-col items-start">
        {head && (
          <div className="flex w-full items-baseline gap-2">
            {sender ? (
              <button
                type="button"
                onClick={() => onOpenSender(message)}
                className="min-w-0 truncate rounded text-start text-sm leading-5 font-bold hover:underline"
              >
                <UserName user={sender} />
              </button>
            ) : (
              <bdi className="truncate text-sm font-bold" />
            )}
            {own && <span className="text-xs text-muted-foreground">({T.you})</span>}
            <time dateTime={message.timestamp} className="ms-auto shrink-0 text-xs text-muted-foreground tabular-nums">
              {messageTime(message.timestamp)}
            </time>
          </div>
        )}
        {message.replyTo && <ReplyQuote replyTo={message.replyTo} />}
        {/* dir="auto" orders the text by its own first letter; being only as wide as its text
            (w-fit), the block still sits at the row's start, so a sticker, a link or a number
            alone stays on the sender's side instead of following its left-to-right direction. */}
        {message.messageType === 'image' || message.messageType === 'voice' ? (
          <>
            {message.messageType === 'image' ? (
              <ChatImage message={message} senderName={sender?.username} />
            ) : (
              <VoiceNotePlayer
                url={message.content}
                attachments={message.attachments}
                senderName={sender?.username}
                own={own}
              />
            )}
            {message.id > 0 && !message.isPrivate && (
              <ReactionBar
                message={message}
                menuExtra={(close) => <RoomMessageMenu message={message} own={own} onDone={close} />}
              />
            )}
          </>
        ) : editing ? (
          <InlineEditor message={message} kind="room" />
        ) : (
          // The reactions and the react button follow the text on its line (wrapping under it only
          // when there is no room), so a message without reactions costs one line, not two.
          <div className="flex max-w-full flex-wrap items-start gap-x-1">
            <p
              dir="auto"
              className={`w-fit max-w-full min-w-0 leading-6 break-words whitespace-pre-wrap ${message.bold ? 'font-bold' : ''}`}
              style={{ color }}
              title={head ? undefined : messageTime(message.timestamp)}
            >
              <MessageText text={message.content} />
            </p>
            <EditedMark editedAt={message.editedAt} />
            {message.id > 0 && !message.isPrivate && (
              <ReactionBar
                message={message}
                menuExtra={(close) => <RoomMessageMenu message={message} own={own} onDone={close} />}
              />
            )}
          </div>
        )}
        {message.pending && <p className="text-xs text-muted-foreground">{T.sending}…</p>}
        {message.failed && (
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-destructive">
            {message.failReason ? T.notSentBecause(inReaderVoice(message.failReason)) : T.notSent}
            <button
              type="button"
              onClick={() => onRetry(message)}
              className="min-h-11 font-medium underline underline-offset-2"
            >
              {T.retry}
            </button>
            <button
              type="button"
              onClick={() => onDiscard(message)}
              className="min-h-11 font-medium underline underline-offset-2"
            >
              {T.discard}
            </button>
          </p>
        )}
      </div>
    </li>
  );
});
