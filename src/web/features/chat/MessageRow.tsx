import { memo, useMemo } from 'react';
import { parseEmojiCodes } from '../../../shared/emoji/parse';
import type { ListedMessage } from '../../../shared/entities/message';
import { normalizeHexColor } from '../../../shared/entities/message';
import { Avatar } from '../../components/Avatar';
import { ModerationNotice } from '../moderation/ModerationNotice';
import type { TimelineEntry } from './realtime/realtime-state';
import { CHAT_TEXTS as T } from './texts';

/** Message text with emoji codes (`:)`, `:c12:`, `:s3:`…) shown as their images. */
function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => parseEmojiCodes(text), [text]);
  return parts.map((part, index) =>
    part.type === 'text' ? (
      part.text
    ) : (
      <img
        key={index}
        src={part.emoji.url}
        alt={part.emoji.code}
        title={part.emoji.name}
        width={part.emoji.category === 'stickers' ? 96 : 24}
        height={part.emoji.category === 'stickers' ? 96 : 24}
        loading="lazy"
        decoding="async"
        className={`inline-block align-text-bottom ${part.emoji.category === 'stickers' ? 'h-24 w-24' : 'mx-0.5 h-6 w-6'}`}
      />
    ),
  );
}

const timeFormat = new Intl.DateTimeFormat('ar-u-nu-latn', { hour: '2-digit', minute: '2-digit' });

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}

interface MessageRowProps {
  message: TimelineEntry;
  own: boolean;
  onRetry: (message: ListedMessage) => void;
  /** Opens the sender's card (actions on them and on this message). */
  onOpenSender: (message: ListedMessage) => void;
}

/** One row: avatar with ring, name, time, text in the sender's colour and weight. */
export const MessageRow = memo(function MessageRow({ message, own, onRetry, onOpenSender }: MessageRowProps) {
  if (message.moderation) {
    return (
      <li className="message-row flex justify-center py-1">
        <ModerationNotice notice={message.moderation} />
      </li>
    );
  }
  if (message.messageType === 'system') {
    return (
      <li className="message-row flex justify-center py-1">
        <p className="rounded-full bg-muted px-3 py-0.5 text-xs text-muted-foreground">
          <bdi className="font-medium">{message.content}</bdi> {message.notice === 'leave' ? T.left : T.joined}
        </p>
      </li>
    );
  }
  const sender = message.sender;
  const color = normalizeHexColor(message.textColor) ?? undefined;
  const nameColor = normalizeHexColor(sender?.usernameColor) ?? undefined;
  return (
    <li className={`message-row flex gap-3 rounded-2xl px-3 py-2 ${own ? 'bg-own-message' : ''}`}>
      {sender ? (
        <button
          type="button"
          onClick={() => onOpenSender(message)}
          aria-label={T.openCard(sender.username)}
          // The avatar is 36 px; the padding makes the target 44 px without moving the layout.
          className="-m-1 h-fit shrink-0 rounded-full p-1"
        >
          <Avatar image={sender.profileImage} gender={sender.gender} />
        </button>
      ) : (
        <Avatar image={null} gender={null} />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          {sender ? (
            <button
              type="button"
              onClick={() => onOpenSender(message)}
              className="min-w-0 truncate rounded text-start text-sm font-bold hover:underline"
              style={{ color: nameColor }}
            >
              <bdi>{sender.username}</bdi>
            </button>
          ) : (
            <bdi className="truncate text-sm font-bold" />
          )}
          {own && <span className="text-xs text-muted-foreground">({T.you})</span>}
          <time dateTime={message.timestamp} className="ms-auto shrink-0 text-xs text-muted-foreground tabular-nums">
            {time(message.timestamp)}
          </time>
        </div>
        <p
          dir="auto"
          className={`break-words whitespace-pre-wrap ${message.bold ? 'font-bold' : ''}`}
          style={{ color }}
        >
          <MessageText text={message.content} />
        </p>
        {message.pending && <p className="text-xs text-muted-foreground">{T.sending}…</p>}
        {message.failed && (
          <p className="flex items-center gap-2 text-xs text-destructive">
            {T.notSent}
            <button type="button" onClick={() => onRetry(message)} className="font-medium underline underline-offset-2">
              {T.retry}
            </button>
          </p>
        )}
      </div>
    </li>
  );
});
