import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Eye, Pause, Send, Trash2, Users } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type PointerEvent } from 'react';
import {
  STORY_BACKGROUNDS,
  STORY_REACTION_IDS,
  STORY_REACTIONS,
  type Story,
  type StoryAuthor,
  type StoryReaction,
} from '../../../shared/entities/story';
import { emojiByCode } from '../../../shared/emoji/emojis';
import { UserAvatar } from '../../components/avatar';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { UserName } from '../../components/user-name';
import { useBackCloses } from '../../lib/back-stack';
import { showError, showSuccess } from '../../lib/toast';
import { deleteStory, fetchViews, markViewed, reactToStory, replyToStory } from './stories-api';
import { markSeenInFeed, refreshFeed } from './stories-queries';
import { STORIES_TEXTS as T } from './texts';

/** How long a story shows before the next (a picture's time starts once it has loaded). */
const STORY_MS = 6000;
/** A press longer than this pauses instead of moving on. */
const HOLD_MS = 220;
/** How far (px) a story must be pulled down to close the viewer. */
const SWIPE_CLOSE_PX = 90;

const minutesSince = (iso: string) => Math.floor((Date.now() - Date.parse(iso)) / 60_000);

/**
 * The full-screen viewer: progress bars, a tap on the far side (or ←) moves on, on the near side
 * (or →) goes back, a long press pauses, a swipe down or Escape closes. Others' stories take a
 * reaction or a reply (a private message to the author); one's own show who saw them.
 */
export default function StoryViewer({
  authors,
  startAt,
  myId,
  onClose,
}: {
  authors: StoryAuthor[];
  startAt: number;
  myId: number;
  onClose: () => void;
}) {
  useBackCloses(onClose);
  const queries = useQueryClient();
  // The sequence as it was opened: a live refresh of the strip does not reshuffle what is watched.
  const [sequence] = useState(authors);
  const [at, setAt] = useState(() => {
    const author = sequence[startAt]!;
    const firstUnseen = author.stories.findIndex((s) => !s.viewed);
    return { author: startAt, story: Math.max(0, firstUnseen) };
  });
  const [holding, setHolding] = useState(false);
  const [typing, setTyping] = useState(false);
  const [listing, setListing] = useState(false);
  const [ready, setReady] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const elapsedRef = useRef(0);
  const [pull, setPull] = useState(0);
  const [gone, setGone] = useState<ReadonlySet<number>>(new Set());

  const author = sequence[at.author]!;
  const stories = author.stories.filter((s) => !gone.has(s.id));
  const story: Story | undefined = stories[Math.min(at.story, stories.length - 1)];
  const own = author.user.id === myId;
  const paused = holding || typing || listing;

  function go(step: 1 | -1) {
    elapsedRef.current = 0;
    setElapsed(0);
    setReady(false);
    const index = Math.min(at.story, stories.length - 1) + step;
    if (index >= 0 && index < stories.length) return setAt({ author: at.author, story: index });
    const nextAuthor = at.author + step;
    if (nextAuthor < 0) return setAt({ author: at.author, story: 0 });
    if (nextAuthor >= sequence.length) return onClose();
    setAt({ author: nextAuthor, story: step === 1 ? 0 : sequence[nextAuthor]!.stories.length - 1 });
  }
  const goRef = useRef(go);
  goRef.current = go;

  // Seen once shown: recorded once per person by the server; the ring turns quiet.
  const storyId = story?.id;
  useEffect(() => {
    if (storyId === undefined || own) return;
    markSeenInFeed(queries, storyId);
    markViewed(storyId).catch(() => undefined);
  }, [storyId, own, queries]);

  // The story's clock: runs while shown and not paused; at its end, the next one.
  useEffect(() => {
    if (!ready || paused || storyId === undefined) return;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(time) {
      const delta = time - last;
      last = time;
      elapsedRef.current = Math.min(elapsedRef.current + delta, STORY_MS);
      setElapsed(elapsedRef.current);
      if (elapsedRef.current >= STORY_MS) return goRef.current(1);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, paused, storyId]);

  // A text story is ready at once; a picture once it has loaded.
  useEffect(() => {
    if (story && !story.image) setReady(true);
  }, [story]);

  useEffect(() => {
    if (!story) onClose();
  }, [story, onClose]);

  const press = useRef<{ x: number; y: number; id: number; at: number; timer: number } | null>(null);
  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    const timer = window.setTimeout(() => setHolding(true), HOLD_MS);
    press.current = { x: event.clientX, y: event.clientY, id: event.pointerId, at: performance.now(), timer };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const from = press.current;
    if (!from || from.id !== event.pointerId || event.pointerType === 'mouse') return;
    setPull(Math.max(0, event.clientY - from.y));
  }
  function onPointerEnd(event: PointerEvent<HTMLDivElement>, cancelled = false) {
    const from = press.current;
    press.current = null;
    setHolding(false);
    setPull(0);
    if (!from || from.id !== event.pointerId) return;
    window.clearTimeout(from.timer);
    if (cancelled) return;
    const dy = event.clientY - from.y;
    if (dy > SWIPE_CLOSE_PX) return onClose();
    if (performance.now() - from.at >= HOLD_MS || Math.abs(dy) > 20) return;
    // Right to left: the right side (where reading starts) goes back, the left moves on.
    const box = event.currentTarget.getBoundingClientRect();
    const onStartSide = event.clientX > box.left + box.width / 2;
    go(onStartSide ? -1 : 1);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (typing) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(-1);
    }
  }

  async function remove() {
    if (!story || !window.confirm(T.confirmDelete)) return;
    try {
      await deleteStory(story.id);
      showSuccess(T.deleted);
      setGone((ids) => new Set([...ids, story.id]));
      elapsedRef.current = 0;
      setElapsed(0);
      void refreshFeed(queries);
    } catch (error) {
      showError(error);
    }
  }

  if (!story) return null;
  const background = story.background ? STORY_BACKGROUNDS[story.background] : undefined;
  const index = stories.indexOf(story);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-[60] bg-black"
          style={{ opacity: pull > 0 ? Math.max(0.4, 1 - pull / 400) : undefined }}
        />
        <Dialog.Content
          dir="rtl"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-[61] flex items-stretch justify-center focus:outline-none"
        >
          <div
            className="relative flex h-full w-full max-w-md flex-col bg-black text-white sm:my-4 sm:h-[calc(100%-2rem)] sm:overflow-hidden sm:rounded-2xl"
            style={{ transform: pull > 0 ? `translateY(${pull}px)` : undefined }}
            data-testid="story-viewer"
          >
            {/* Progress, one bar per story of this author. */}
            <div className="absolute inset-x-0 top-0 z-10 flex gap-1 px-2 pt-2" aria-hidden="true">
              {stories.map((s, i) => (
                <span key={s.id} className="h-[3px] flex-1 overflow-hidden rounded-full bg-white/35">
                  <span
                    className="block h-full bg-white"
                    style={{ width: `${i < index ? 100 : i > index ? 0 : (elapsed / STORY_MS) * 100}%` }}
                  />
                </span>
              ))}
            </div>
            <div className="absolute inset-x-0 top-3 z-10 flex items-center gap-2 bg-gradient-to-b from-black/60 to-transparent px-2 pt-2 pb-4">
              <UserAvatar user={author.user} size={36} />
              <div className="min-w-0 flex-1">
                <Dialog.Title className="truncate text-sm font-bold">
                  <UserName user={author.user} />
                </Dialog.Title>
                <p className="text-xs text-white/80">
                  {T.postedAgo(minutesSince(story.createdAt))}
                  {story.visibility === 'friends' && <span> · {T.friendsOnly}</span>}
                  <span className="sr-only">
                    {' '}
                    · {T.progress(index + 1, stories.length)}
                    {paused ? ` · ${T.paused}` : ''}
                  </span>
                </p>
              </div>
              {paused && <Pause aria-hidden="true" className="h-4 w-4 text-white/80" />}
              {own && (
                <button
                  type="button"
                  onClick={() => void remove()}
                  aria-label={T.deleteStory}
                  className="inline-flex h-11 w-11 items-center justify-center rounded-xl hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              )}
              <DialogCloseButton label={T.close} className="text-white hover:bg-white/10" />
            </div>

            <div
              className="relative flex min-h-0 flex-1 touch-none items-center justify-center select-none"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={(e) => onPointerEnd(e)}
              onPointerCancel={(e) => onPointerEnd(e, true)}
              onContextMenu={(e) => e.preventDefault()}
              data-testid="story-stage"
            >
              {story.image ? (
                <>
                  <img
                    key={story.id}
                    src={story.image.url}
                    alt={story.caption ?? ''}
                    width={story.image.width}
                    height={story.image.height}
                    draggable={false}
                    onLoad={() => setReady(true)}
                    onError={() => setReady(true)}
                    className="max-h-full max-w-full object-contain"
                  />
                  {story.caption && (
                    <p
                      dir="auto"
                      className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-4 pt-8 pb-4 text-center text-base leading-7 break-words whitespace-pre-wrap"
                    >
                      {story.caption}
                    </p>
                  )}
                </>
              ) : (
                <div className="flex h-full w-full items-center justify-center p-8" style={{ background }}>
                  <p
                    dir="auto"
                    className="text-center text-2xl leading-10 font-bold break-words whitespace-pre-wrap text-white"
                  >
                    {story.text}
                  </p>
                </div>
              )}
              {/* Buttons for those who do not tap: the same steps as the sides of the picture. */}
              <button
                type="button"
                aria-label={T.previous}
                onPointerDown={(e) => e.stopPropagation()}
                onPointerUp={(e) => e.stopPropagation()}
                onClick={() => go(-1)}
                className="absolute top-1/2 right-1 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:inline-flex"
              >
                <ChevronRight aria-hidden="true" className="h-6 w-6" />
              </button>
              <button
                type="button"
                aria-label={T.next}
                onPointerDown={(e) => e.stopPropagation()}
                onPointerUp={(e) => e.stopPropagation()}
                onClick={() => go(1)}
                className="absolute top-1/2 left-1 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/40 hover:bg-black/60 focus-visible:outline-2 focus-visible:outline-white sm:inline-flex"
              >
                <ChevronLeft aria-hidden="true" className="h-6 w-6" />
              </button>
            </div>

            {own ? (
              <OwnFooter story={story} listing={listing} onListing={setListing} />
            ) : (
              <AnswerFooter story={story} onTyping={setTyping} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Under one's own story: how many saw it, and the list on demand. */
function OwnFooter({
  story,
  listing,
  onListing,
}: {
  story: Story;
  listing: boolean;
  onListing: (open: boolean) => void;
}) {
  const views = useQuery({
    queryKey: ['stories', 'views', story.id],
    queryFn: async () => (await fetchViews(story.id)).views,
    staleTime: 0,
  });
  const count = views.data?.length ?? story.viewCount ?? 0;
  return (
    <div className="bg-black/80 p-2">
      <button
        type="button"
        aria-expanded={listing}
        onClick={() => onListing(!listing)}
        className="flex min-h-11 w-full items-center justify-center gap-2 rounded-xl text-sm hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
        {T.viewers}: {T.viewedBy(count)}
      </button>
      {listing && (
        <section aria-label={T.viewers} className="max-h-64 overflow-y-auto rounded-xl bg-white/10 p-1">
          {views.data && views.data.length === 0 && <p className="p-3 text-center text-sm">{T.noViewers}</p>}
          <ul>
            {views.data?.map((v) => (
              <li key={v.user.id} className="flex min-h-11 items-center gap-2 px-2 py-1">
                <UserAvatar user={v.user} size={32} />
                <bdi className="min-w-0 flex-1 truncate text-sm">{v.user.username}</bdi>
                <span className="text-xs text-white/70">{T.postedAgo(minutesSince(v.viewedAt))}</span>
              </li>
            ))}
          </ul>
          {!views.data && (
            <p className="flex items-center justify-center gap-2 p-3 text-sm">
              <Users aria-hidden="true" className="h-4 w-4" />…
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/** Under someone else's story: reactions and a reply, each a private message to the author. */
function AnswerFooter({ story, onTyping }: { story: Story; onTyping: (typing: boolean) => void }) {
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);

  async function react(type: StoryReaction) {
    try {
      await reactToStory(story.id, type);
      showSuccess(T.reacted);
    } catch (error) {
      showError(error);
    }
  }
  async function send(event: FormEvent) {
    event.preventDefault();
    const content = reply.trim();
    if (!content || busy) return;
    setBusy(true);
    try {
      await replyToStory(story.id, content);
      setReply('');
      showSuccess(T.sent);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2 bg-black/80 p-2">
      <div role="group" aria-label={T.reactions} className="flex justify-center gap-1">
        {STORY_REACTION_IDS.map((type) => (
          <button
            key={type}
            type="button"
            aria-label={T.reactionNames[type]}
            onClick={() => void react(type)}
            className="inline-flex h-11 w-11 items-center justify-center rounded-full text-2xl hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          >
            <img
              src={emojiByCode(STORY_REACTIONS[type])?.url}
              alt=""
              width={28}
              height={28}
              draggable={false}
              className="h-7 w-7"
            />
          </button>
        ))}
      </div>
      <form onSubmit={(e) => void send(e)} className="flex items-center gap-2">
        <input
          type="text"
          dir="auto"
          value={reply}
          maxLength={1000}
          onChange={(e) => setReply(e.target.value)}
          onFocus={() => onTyping(true)}
          onBlur={() => onTyping(false)}
          aria-label={T.replyLabel}
          placeholder={T.replyPlaceholder}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-white/40 bg-white/10 px-4 text-base text-white placeholder:text-white/70 focus-visible:border-white focus-visible:outline-2 focus-visible:outline-white"
        />
        <button
          type="submit"
          aria-label={T.send}
          disabled={busy || reply.trim() === ''}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-black disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Send aria-hidden="true" className="h-5 w-5 -scale-x-100" />
        </button>
      </form>
    </div>
  );
}
