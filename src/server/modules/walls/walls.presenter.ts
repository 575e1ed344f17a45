import type { WallComment, WallPost } from '../../../shared/api/walls';
import { chatImageThumbUrl, chatImageUrl } from '../../../shared/api/uploads';
import type { ReactionType } from '../../../shared/entities/message';
import { toPublicUser } from '../users';
import type { CommentWithAuthor, PostWithAuthor, ReactionCounts } from './walls.repo';

/** A stored post as clients see it, with its counts and the reader's own reaction. */
export function toWallPost(
  { post, author, image }: PostWithAuthor,
  extras: { online: boolean; reactions: ReactionCounts; myReaction: ReactionType | null; commentCount: number },
): WallPost {
  return {
    id: post.id,
    author: toPublicUser(author, extras.online),
    content: post.content,
    image: image
      ? {
          url: chatImageUrl(image.id),
          thumbnailUrl: chatImageThumbUrl(image.id),
          width: image.width,
          height: image.height,
        }
      : null,
    type: post.type,
    createdAt: post.createdAt.toISOString(),
    reactions: extras.reactions,
    myReaction: extras.myReaction,
    commentCount: extras.commentCount,
  };
}

export function toWallComment({ comment, author }: CommentWithAuthor, online: boolean): WallComment {
  return {
    id: comment.id,
    postId: comment.postId,
    author: toPublicUser(author, online),
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
  };
}
