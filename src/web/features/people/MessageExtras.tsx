import { CornerUpLeft, Heart, SmilePlus, ThumbsDown, ThumbsUp, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { REACTION_TYPES, type ListedMessage, type ReactionType, type ReplyTo } from '../../../shared/entities/message';
import { showError } from '../../lib/toast';
import { startReply } from './composer-requests';
import { react } from './people-api';
import { PEOPLE_TEXTS as T } from './texts';

/** Drawn as icons, not emoji: the same on every device, whatever its fonts. */
const REACTION_ICON: Record<ReactionType, LucideIcon> = { like: ThumbsUp, dislike: ThumbsDown, heart: Heart };
const REACTION_COLOUR: Record<ReactionType, string> = {
  like: 'text-sky-600',
  dislike: 'text-slate-500',
  heart: 'text-rose-500 fill-rose-500',
};

export function ReactionIcon({ type, className }: { type: ReactionType; className: string }) {
  const Icon = REACTION_ICON[type];
  return <Icon aria-hidden="true" className={`${className} ${REACTION_COLOUR[type]}`} />;
}

/** Scrolls to a message of the list and flashes it (or does nothing if it is not loaded). */
export function jumpToMessage(id: number): void {
  const row = document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
  if (!row) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  row.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'smooth' });
  row.classList.add('message-flash');
  setTimeout(() => row.classList.remove('message-flash'), 1600);
}

/** The quoted message of a reply: who and what, and a jump to it. */
export function ReplyQuote({ replyTo }: { replyTo: ReplyTo }) {
  return (
    <button
      type="button"
      onClick={() => jumpToMessage(replyTo.id)}
      aria-label={T.jumpToOriginal(replyTo.senderName)}
      className="mb-0.5 flex max-w-full min-w-0 flex-col rounded-lg border-s-4 border-primary bg-muted/70 px-2 py-1 text-start text-xs"
    >
      <bdi className="font-bold text-primary">{replyTo.senderName}</bdi>
      <span dir="auto" className="line-clamp-2 break-words text-muted-foreground">
        {replyTo.excerpt}
      </span>
    </button>
  );
}

/**
 * A stored room message's reactions (counts; the reader's own is pressed) and its actions: react
 * with like, dislike or heart (again to remove, another to switch) and reply.
 */
export function ReactionBar({
  message,
  menuExtra,
}: {
  message: ListedMessage;
  /** More actions in the message's menu (one's own message: edit, delete); `close` shuts the menu. */
  menuExtra?: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const counts = message.reactions;
  const mine = message.myReaction;
  const choose = (type: ReactionType) => {
    setOpen(false);
    void react(message.id, mine === type ? null : type).catch(showError);
  };
  const shown = REACTION_TYPES.filter((type) => counts[type] > 0);
  return (
    <div className="flex flex-wrap items-center gap-1">
      {shown.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={mine === type}
          aria-label={T.reactionCount(T.reactions[type], counts[type])}
          data-reaction={type}
          onClick={() => choose(type)}
          title={
            message.lastReaction?.type === type
              ? T.lastReaction(message.lastReaction.reactorName, T.reactions[type])
              : T.reactions[type]
          }
          className={`inline-flex h-7 items-center gap-1 rounded-full border px-2 text-xs tabular-nums ${mine === type ? 'border-primary bg-primary/10 font-bold' : 'border-border bg-card'}`}
        >
          <ReactionIcon type={type} className="h-3.5 w-3.5" />
          <span>{counts[type]}</span>
        </button>
      ))}
      <button
        type="button"
        aria-expanded={open}
        aria-label={T.react}
        title={T.react}
        onClick={() => setOpen((v) => !v)}
        className="reaction-toggle -my-2.5 inline-flex h-11 w-9 items-center justify-center rounded-full text-muted-foreground hover:text-foreground"
      >
        <SmilePlus aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <div role="group" aria-label={T.react} className="flex items-center gap-1 rounded-full bg-card px-1 shadow-md">
          {REACTION_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={mine === type}
              aria-label={T.reactions[type]}
              onClick={() => choose(type)}
              className={`inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-muted ${mine === type ? 'bg-primary/10' : ''}`}
            >
              <ReactionIcon type={type} className="h-5 w-5" />
            </button>
          ))}
          <button
            type="button"
            aria-label={T.reply}
            title={T.reply}
            onClick={() => {
              setOpen(false);
              startReply(message);
            }}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-muted"
          >
            <CornerUpLeft aria-hidden="true" className="h-5 w-5" />
          </button>
          {menuExtra?.(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

/** How far a finger must slide a message sideways to reply to it. */
const SWIPE_PX = 64;

/**
 * Swipe to reply (touch screens): sliding a stored message sideways by SWIPE_PX starts a reply to
 * it; the row follows the finger a little meanwhile. Vertical scrolling is left alone.
 */
export function swipeToReply(message: ListedMessage) {
  let startX = 0;
  let startY = 0;
  let tracking = false;
  const follow = (row: HTMLElement, dx: number) => {
    row.style.transform = dx === 0 ? '' : `translateX(${Math.max(-SWIPE_PX, Math.min(SWIPE_PX, dx)) / 2}px)`;
  };
  return {
    onTouchStart(event: React.TouchEvent<HTMLElement>) {
      const touch = event.touches[0];
      if (!touch || message.id <= 0 || event.touches.length > 1) return;
      startX = touch.clientX;
      startY = touch.clientY;
      tracking = true;
    },
    onTouchMove(event: React.TouchEvent<HTMLElement>) {
      const touch = event.touches[0];
      if (!tracking || !touch) return;
      const dx = touch.clientX - startX;
      if (Math.abs(touch.clientY - startY) > 30) {
        tracking = false;
        follow(event.currentTarget, 0);
        return;
      }
      follow(event.currentTarget, dx);
    },
    onTouchEnd(event: React.TouchEvent<HTMLElement>) {
      if (!tracking) return;
      tracking = false;
      const touch = event.changedTouches[0];
      follow(event.currentTarget, 0);
      if (touch && Math.abs(touch.clientX - startX) >= SWIPE_PX && Math.abs(touch.clientY - startY) <= 30)
        startReply(message);
    },
  };
}
