import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isAlive, type StoryAuthor } from '../../../shared/entities/story';
import { useSession } from '../session/session-store';
import { fetchFeed } from './stories-api';

export const STORIES_FEED_KEY = ['stories', 'feed'] as const;

/**
 * The strip's authors: the server's feed, less what has expired since it was read (the server
 * refuses those anyway). Re-read when a story is posted or deleted (stories-live), never polled.
 */
export function useStoriesFeed(): StoryAuthor[] {
  const { user, record } = useSession();
  const signedIn = (user?.id ?? record?.userId) !== undefined;
  const { data } = useQuery({
    queryKey: STORIES_FEED_KEY,
    queryFn: async () => (await fetchFeed()).authors,
    enabled: signedIn,
  });
  const now = useMinute();
  return alive(data ?? [], now);
}

/** Authors with the stories still alive at `now` (those left with none are dropped). */
export function alive(authors: StoryAuthor[], now: number): StoryAuthor[] {
  return authors.flatMap((author) => {
    const stories = author.stories.filter((s) => isAlive(s, now));
    if (stories.length === 0) return [];
    return [{ ...author, stories, allViewed: stories.every((s) => s.viewed) }];
  });
}

/** The time, moving on once a minute (an expired ring leaves the strip within a minute). */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Marks a story seen in the cached feed (the viewer just watched it). */
export function markSeenInFeed(queries: QueryClient, storyId: number): void {
  queries.setQueryData<StoryAuthor[]>(STORIES_FEED_KEY, (authors) =>
    authors?.map((author) => {
      if (!author.stories.some((s) => s.id === storyId)) return author;
      const stories = author.stories.map((s) => (s.id === storyId ? { ...s, viewed: true } : s));
      return { ...author, stories, allViewed: stories.every((s) => s.viewed) };
    }),
  );
}

export const refreshFeed = (queries: QueryClient) => queries.invalidateQueries({ queryKey: STORIES_FEED_KEY });
