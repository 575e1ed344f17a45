/** Walls (issue 21): posts, their counts and comments, to those who may see the post. */
import * as z from 'zod/mini';
import { reactionsSchema, REACTION_TYPES } from '../entities/message';
import { wallCommentSchema, wallPostSchema } from '../api/walls';
import { envelope } from './registry';

export const wallsEnvelopes = {
  wallPostCreated: envelope(
    'wallPostCreated',
    "A new wall post, to those who may see it: everyone for the public wall, the author's friends and the author for the friends wall (except those who ignore the author)",
    { post: wallPostSchema },
  ),
  wallPostUpdated: envelope(
    'wallPostUpdated',
    "A post's reactions or comment count changed (same audience); `reactorId` and `myReaction` let the reactor's own tabs follow",
    {
      postId: z.int(),
      reactions: reactionsSchema,
      commentCount: z.int(),
      reactorId: z.nullable(z.int()),
      myReaction: z.nullable(z.enum(REACTION_TYPES)),
    },
  ),
  wallPostDeleted: envelope('wallPostDeleted', 'A post was deleted by its author or staff (same audience)', {
    postId: z.int(),
  }),
  wallCommentCreated: envelope(
    'wallCommentCreated',
    "A comment on a post (the post's audience, except those who ignore the post's or the comment's author)",
    { comment: wallCommentSchema, commentCount: z.int() },
  ),
  wallCommentDeleted: envelope('wallCommentDeleted', "A comment was deleted (the post's audience)", {
    postId: z.int(),
    commentId: z.int(),
    commentCount: z.int(),
  }),
};
