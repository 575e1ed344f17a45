import type { WallAudience } from '../../events/domain-events';
import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import { ignoringChannel } from '../ignore';

/**
 * Who hears the walls: a public post's news goes to everyone; a friends post's only to the
 * author's and their friends' own channels (`user:<id>`, every tab on every node), so it never
 * reaches a non-friend's socket. Those who ignore the author (or a comment's author) are left out.
 */
export function announceWalls(live: Live): void {
  const { io } = live;
  const to = (audience: WallAudience, ...ignored: number[]) => {
    const except = [...new Set(ignored)].map(ignoringChannel);
    return audience === 'everyone' ? io.except(except) : io.to(audience.map((id) => channel.user(id))).except(except);
  };
  live.on('wall.postCreated', ({ post, audience }) =>
    to(audience, post.author.id).emit('message', { type: 'wallPostCreated', post }),
  );
  live.on('wall.postUpdated', ({ postId, authorId, reactions, commentCount, audience, reactor }) => {
    const update = { type: 'wallPostUpdated' as const, postId, reactions, commentCount };
    if (!reactor) {
      to(audience, authorId).emit('message', { ...update, reactorId: null, myReaction: null });
      return;
    }
    // The reactor's own tabs learn their reaction; everyone else only the counts.
    to(audience, authorId)
      .except(channel.user(reactor.id))
      .emit('message', { ...update, reactorId: reactor.id, myReaction: null });
    io.to(channel.user(reactor.id)).emit('message', { ...update, reactorId: reactor.id, myReaction: reactor.reaction });
  });
  live.on('wall.postDeleted', ({ postId, audience }) =>
    to(audience).emit('message', { type: 'wallPostDeleted', postId }),
  );
  live.on('wall.commentCreated', ({ comment, postAuthorId, commentCount, audience }) =>
    to(audience, postAuthorId, comment.author.id).emit('message', {
      type: 'wallCommentCreated',
      comment,
      commentCount,
    }),
  );
  live.on('wall.commentDeleted', ({ postId, commentId, commentCount, audience }) =>
    to(audience).emit('message', { type: 'wallCommentDeleted', postId, commentId, commentCount }),
  );
}
