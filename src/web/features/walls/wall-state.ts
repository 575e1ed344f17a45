import type { WallComment, WallPost, WallType } from '../../../shared/api/walls';
import type { Envelope } from '../../../shared/realtime/protocol';

/** One wall as the tab shows it: its posts newest first, and whether older ones remain. */
export interface WallState {
  posts: WallPost[];
  hasMore: boolean;
}

export const emptyWall: WallState = { posts: [], hasMore: false };

/** A page arrived: the first replaces, an older one goes after (never twice the same post). */
export function withPage(state: WallState, page: WallState, older: boolean): WallState {
  if (!older) return page;
  const seen = new Set(state.posts.map((p) => p.id));
  return { posts: [...state.posts, ...page.posts.filter((p) => !seen.has(p.id))], hasMore: page.hasMore };
}

/** A new post heard live: on its own wall, once, at the top. */
export function withCreated(state: WallState, wall: WallType, post: WallPost): WallState {
  if (post.type !== wall || state.posts.some((p) => p.id === post.id)) return state;
  return { ...state, posts: [post, ...state.posts] };
}

/**
 * Counts changed (live): the counts follow; `myReaction` only when the reader made the change
 * (their own tabs hear it with `myReaction`), else it stays.
 */
export function withUpdated(state: WallState, update: Envelope<'wallPostUpdated'>, myId: number | null): WallState {
  if (!state.posts.some((p) => p.id === update.postId)) return state;
  return {
    ...state,
    posts: state.posts.map((p) =>
      p.id !== update.postId
        ? p
        : {
            ...p,
            reactions: update.reactions,
            commentCount: update.commentCount,
            myReaction: update.reactorId !== null && update.reactorId === myId ? update.myReaction : p.myReaction,
          },
    ),
  };
}

export function withoutPost(state: WallState, postId: number): WallState {
  return { ...state, posts: state.posts.filter((p) => p.id !== postId) };
}

/** Replaces one post (the answer to one's own reaction). */
export function withPost(state: WallState, postId: number, change: Partial<WallPost>): WallState {
  return { ...state, posts: state.posts.map((p) => (p.id === postId ? { ...p, ...change } : p)) };
}

/** A post's comments, oldest first: a new one once, at the end. */
export function withComment(comments: WallComment[], comment: WallComment): WallComment[] {
  return comments.some((c) => c.id === comment.id) ? comments : [...comments, comment];
}
