import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Story, StoryAuthor } from '../../../shared/entities/story';
import { aPublicUser } from '../../testing/fixtures';
import { alive, markSeenInFeed, STORIES_FEED_KEY } from './stories-queries';

const aStory = (id: number, expiresAt: number, viewed = false): Story => ({
  id,
  authorId: 1,
  image: null,
  caption: null,
  text: `حالة ${id}`,
  background: 'night',
  visibility: 'everyone',
  createdAt: new Date(expiresAt - 24 * 3_600_000).toISOString(),
  expiresAt: new Date(expiresAt).toISOString(),
  viewed,
  viewCount: null,
});

const anAuthor = (id: number, stories: Story[]): StoryAuthor => ({
  user: aPublicUser(id),
  stories,
  allViewed: stories.every((s) => s.viewed),
});

describe('the strip of stories', () => {
  it('drops stories once they expire, and authors left with none', () => {
    const feed = [anAuthor(1, [aStory(1, 1000), aStory(2, 5000)]), anAuthor(2, [aStory(3, 1000)])];
    expect(alive(feed, 999).map((a) => a.stories.length)).toEqual([2, 1]);
    const later = alive(feed, 1000);
    expect(later).toHaveLength(1);
    expect(later[0]!.stories.map((s) => s.id)).toEqual([2]);
  });

  it('counts an author seen once every story still alive was seen', () => {
    const feed = [anAuthor(1, [aStory(1, 1000, false), aStory(2, 5000, true)])];
    expect(alive(feed, 0)[0]!.allViewed).toBe(false);
    expect(alive(feed, 1000)[0]!.allViewed).toBe(true);
  });

  it('marks a watched story seen in the cached feed, and its author once all are', () => {
    const queries = new QueryClient();
    queries.setQueryData(STORIES_FEED_KEY, [anAuthor(1, [aStory(1, 9000), aStory(2, 9000)])]);
    markSeenInFeed(queries, 1);
    let author = queries.getQueryData<StoryAuthor[]>(STORIES_FEED_KEY)![0]!;
    expect(author.stories.map((s) => s.viewed)).toEqual([true, false]);
    expect(author.allViewed).toBe(false);
    markSeenInFeed(queries, 2);
    author = queries.getQueryData<StoryAuthor[]>(STORIES_FEED_KEY)![0]!;
    expect(author.allViewed).toBe(true);
  });
});
