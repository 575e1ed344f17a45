import { Plus } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { can } from '../../../shared/policy';
import type { StoryAuthor } from '../../../shared/entities/story';
import { UserAvatar } from '../../components/avatar';
import { actorOf, useSession } from '../session/session-store';
import { useStoriesFeed } from './stories-queries';
import { STORIES_TEXTS as T } from './texts';

// Opened on a tap: the viewer and the composer are their own chunks.
const StoryViewer = lazy(() => import('./StoryViewer'));
const StoryComposer = lazy(() => import('./StoryComposer'));

const RING = 'rounded-full p-1';
/** Unseen stories: a coloured ring; seen ones: a quiet one. */
const UNSEEN = 'bg-[conic-gradient(from_180deg,#e11d48,#f59e0b,#db2777,#7c3aed,#e11d48)]';
const SEEN = 'bg-border';

/**
 * The top of the side column: a ring per author with stories (unseen rings coloured), one's own
 * first with a + to post. A tap opens the full-screen viewer at that author.
 */
export function StoriesStrip() {
  const session = useSession();
  const { user } = session;
  const authors = useStoriesFeed();
  const [open, setOpen] = useState<number | null>(null);
  const [composing, setComposing] = useState(false);
  const mayPost = user ? can(actorOf(session), 'postStory') : false;
  const mine = user ? authors.find((a) => a.user.id === user.id) : undefined;
  const others = useMemo(() => authors.filter((a) => a.user.id !== user?.id), [authors, user?.id]);
  // The viewer walks the strip's order: one's own first.
  const sequence: StoryAuthor[] = useMemo(() => (mine ? [mine, ...others] : others), [mine, others]);
  if (!user || (!mayPost && others.length === 0)) return null;

  return (
    <section aria-label={T.strip} className="border-b border-border px-2 pt-2 pb-1">
      <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]" data-testid="stories-strip">
        {mayPost && (
          <li className="relative flex w-16 shrink-0 flex-col items-center">
            <button
              type="button"
              aria-label={T.myRingLabel(mine?.stories.length ?? 0)}
              onClick={() => (mine ? setOpen(0) : setComposing(true))}
              className="flex min-h-11 flex-col items-center gap-1 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <span className={`${RING} ${mine ? SEEN : 'bg-transparent'}`}>
                <span className="block rounded-full bg-card p-[2px]">
                  <UserAvatar user={user} size={48} />
                </span>
              </span>
              <span className="max-w-16 truncate text-[11px] text-muted-foreground">{T.myStory}</span>
            </button>
            <button
              type="button"
              aria-label={T.addStory}
              title={T.addStory}
              onClick={() => setComposing(true)}
              className="absolute top-9 end-0 flex h-6 w-6 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground before:absolute before:-inset-2.5 before:content-[''] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <Plus aria-hidden="true" className="h-3.5 w-3.5" strokeWidth={3} />
            </button>
          </li>
        )}
        {others.map((author) => (
          <li key={author.user.id} className="flex w-16 shrink-0 flex-col items-center">
            <button
              type="button"
              aria-label={T.ringLabel(author.user.username, !author.allViewed)}
              data-unseen={!author.allViewed || undefined}
              onClick={() => setOpen(sequence.indexOf(author))}
              className="flex min-h-11 flex-col items-center gap-1 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            >
              <span className={`${RING} ${author.allViewed ? SEEN : UNSEEN}`}>
                <span className="block rounded-full bg-card p-[2px]">
                  <UserAvatar user={author.user} size={48} />
                </span>
              </span>
              <bdi className="max-w-16 truncate text-[11px]">{author.user.username}</bdi>
            </button>
          </li>
        ))}
      </ul>
      <Suspense fallback={null}>
        {open !== null && sequence[open] && (
          <StoryViewer authors={sequence} startAt={open} myId={user.id} onClose={() => setOpen(null)} />
        )}
        {composing && <StoryComposer onClose={() => setComposing(false)} />}
      </Suspense>
    </section>
  );
}
