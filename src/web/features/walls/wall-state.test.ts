import { describe, expect, it } from 'vitest';
import type { WallPost } from '../../../shared/api/walls';
import { withCreated, withoutPost, withPage, withUpdated, type WallState } from './wall-state';

const post = (id: number, type: WallPost['type'] = 'public'): WallPost =>
  ({
    id,
    type,
    content: `منشور ${id}`,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    reactions: { like: 0, dislike: 0, heart: 0 },
    myReaction: null,
    commentCount: 0,
    author: { id: 9 },
  }) as WallPost;

const wall = (...ids: number[]): WallState => ({ posts: ids.map((id) => post(id)), hasMore: true });

describe('a wall on screen', () => {
  it('adds an older page after, without repeating a post', () => {
    const next = withPage(wall(5, 4), { posts: [post(4), post(3)], hasMore: false }, true);
    expect(next.posts.map((p) => p.id)).toEqual([5, 4, 3]);
    expect(next.hasMore).toBe(false);
  });

  it('puts a live post on its own wall only, once', () => {
    expect(withCreated(wall(1), 'public', post(2)).posts.map((p) => p.id)).toEqual([2, 1]);
    expect(withCreated(wall(1), 'public', post(1)).posts).toHaveLength(1);
    expect(withCreated(wall(1), 'public', post(3, 'friends')).posts).toHaveLength(1);
  });

  it('follows counts, and the reader’s own reaction only from their own change', () => {
    const update = {
      type: 'wallPostUpdated' as const,
      postId: 1,
      reactions: { like: 2, dislike: 0, heart: 1 },
      commentCount: 3,
      reactorId: 7,
      myReaction: 'heart' as const,
    };
    expect(withUpdated(wall(1), update, 7).posts[0]).toMatchObject({ commentCount: 3, myReaction: 'heart' });
    expect(withUpdated(wall(1), { ...update, myReaction: null }, 8).posts[0]).toMatchObject({
      reactions: { like: 2 },
      myReaction: null,
    });
    expect(withoutPost(wall(1, 2), 1).posts.map((p) => p.id)).toEqual([2]);
  });
});
