import * as z from 'zod/mini';
import { INT32_MAX } from '../entities/ids';
import { reactionsSchema, REACTION_TYPES } from '../entities/message';
import { publicUserSchema } from '../entities/user';
import { endpoint } from './endpoint';
import { longerThan } from '../text/length';

/** Issue 21 §1: the walls' limits. */
export const WALLS = {
  /** A post's text, in characters (code points). */
  postMaxLength: 500,
  /** A comment's text. */
  commentMaxLength: 300,
  /** A page of posts by default, and at most. */
  page: 20,
  maxPage: 50,
  /** Comments listed under a post (newest this many, oldest first). */
  comments: 100,
} as const;

export const WALL_TYPES = ['public', 'friends'] as const;
export type WallType = (typeof WALL_TYPES)[number];

const idIn = (error: 'WALL_POST_NOT_FOUND' | 'WALL_COMMENT_NOT_FOUND') =>
  z.coerce.number({ error }).check(z.int({ error }), z.positive({ error }), z.lte(INT32_MAX, { error }));

/** A text trimmed, then within its length in code points (emoji count as one). */
const textOf = (max: number, tooLong: 'WALL_POST_TOO_LONG' | 'WALL_COMMENT_TOO_LONG') =>
  z
    .pipe(
      z.string({ error: 'VALIDATION_ERROR' }),
      z.transform((text: string) => text.trim()),
    )
    .check(z.refine((text: string) => !longerThan(text, max), { error: tooLong }));

export const wallImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.int(),
  height: z.int(),
});
export type WallImage = z.infer<typeof wallImageSchema>;

export const wallPostSchema = z.object({
  id: z.int(),
  author: publicUserSchema,
  content: z.string(),
  image: z.nullable(wallImageSchema),
  type: z.enum(WALL_TYPES),
  createdAt: z.string(),
  reactions: reactionsSchema,
  myReaction: z.nullable(z.enum(REACTION_TYPES)),
  commentCount: z.int(),
});
export type WallPost = z.infer<typeof wallPostSchema>;

export const wallCommentSchema = z.object({
  id: z.int(),
  postId: z.int(),
  author: publicUserSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type WallComment = z.infer<typeof wallCommentSchema>;

export const wallTypeParamsSchema = z.object({ type: z.enum(WALL_TYPES, { error: 'WALL_TYPE_INVALID' }) });
export const wallPostParamsSchema = z.object({ id: idIn('WALL_POST_NOT_FOUND') });
export const wallCommentParamsSchema = z.object({ id: idIn('WALL_COMMENT_NOT_FOUND') });

export const wallPageQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(WALLS.maxPage)), WALLS.page),
  before: z.optional(idIn('WALL_POST_NOT_FOUND')),
});

/** `{content, type, imageId?}`: a text, a picture, or both; never neither. */
export const newWallPostSchema = z
  .object({
    content: z._default(textOf(WALLS.postMaxLength, 'WALL_POST_TOO_LONG'), ''),
    type: z.enum(WALL_TYPES, { error: 'WALL_TYPE_INVALID' }),
    /** An upload's id (`POST /api/uploads/image`), the poster's own and not used elsewhere. */
    imageId: z.optional(z.nullable(z.string().check(z.regex(/^[0-9a-f]{32}$/, { error: 'IMAGE_NOT_FOUND' })))),
  })
  .check(z.refine((body) => body.content.length > 0 || !!body.imageId, { error: 'WALL_POST_EMPTY' }));
export type NewWallPost = z.infer<typeof newWallPostSchema>;

export const newWallCommentSchema = z.object({
  content: textOf(WALLS.commentMaxLength, 'WALL_COMMENT_TOO_LONG').check(
    z.refine((text: string) => text.length > 0, { error: 'WALL_COMMENT_EMPTY' }),
  ),
});

export const wallReactionBodySchema = z.object({
  type: z.nullable(z.enum(REACTION_TYPES, { error: 'VALIDATION_ERROR' })),
});

export const wallReportBodySchema = z.object({
  reason: z
    .string({ error: 'REPORT_REASON_REQUIRED' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'REPORT_REASON_REQUIRED' }),
      z.maxLength(300, { error: 'REASON_TOO_LONG' }),
    ),
});

/** A post's counts after a reaction or a comment (what `wallPostUpdated` carries too). */
export const wallPostCountsSchema = z.object({
  postId: z.int(),
  reactions: reactionsSchema,
  myReaction: z.nullable(z.enum(REACTION_TYPES)),
  commentCount: z.int(),
});

const ok = z.object({ ok: z.literal(true) });

export const wallsEndpoints = {
  posts: endpoint({
    method: 'GET',
    path: '/api/wall/posts/:type',
    auth: 'session',
    params: wallTypeParamsSchema,
    query: wallPageQuerySchema,
    reply: z.object({ posts: z.array(wallPostSchema), hasMore: z.boolean() }),
    summary:
      "A page of a wall, newest first (`before` a post id): `public`, or `friends` (the caller's friends' posts and the caller's own); ignored authors left out",
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/wall/posts',
    auth: 'session',
    body: newWallPostSchema,
    reply: z.object({ post: wallPostSchema }),
    summary:
      'Posts on a wall (members only): text up to 500 characters and/or one uploaded picture; `wallPostCreated` to those who may see it',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/wall/posts/:id',
    auth: 'session',
    params: wallPostParamsSchema,
    reply: ok,
    summary: 'Deletes a post: its author, or staff by rank (logged); `wallPostDeleted`',
  }),
  react: endpoint({
    method: 'POST',
    path: '/api/wall/posts/:id/reaction',
    auth: 'session',
    params: wallPostParamsSchema,
    body: wallReactionBodySchema,
    reply: wallPostCountsSchema,
    summary: "Sets, switches or removes (null) the caller's reaction to a post; `wallPostUpdated`",
  }),
  comments: endpoint({
    method: 'GET',
    path: '/api/wall/posts/:id/comments',
    auth: 'session',
    params: wallPostParamsSchema,
    reply: z.object({ comments: z.array(wallCommentSchema) }),
    summary: "A post's comments, oldest first (the latest 100); ignored authors left out",
  }),
  comment: endpoint({
    method: 'POST',
    path: '/api/wall/posts/:id/comments',
    auth: 'session',
    params: wallPostParamsSchema,
    body: newWallCommentSchema,
    reply: z.object({ comment: wallCommentSchema }),
    summary: 'Comments on a post (members only, up to 300 characters); `wallCommentCreated`, the author notified',
  }),
  removeComment: endpoint({
    method: 'DELETE',
    path: '/api/wall/comments/:id',
    auth: 'session',
    params: wallCommentParamsSchema,
    reply: ok,
    summary: "Deletes a comment: its author, the post's author, or staff by rank (logged); `wallCommentDeleted`",
  }),
  reportPost: endpoint({
    method: 'POST',
    path: '/api/wall/posts/:id/report',
    auth: 'session',
    params: wallPostParamsSchema,
    body: wallReportBodySchema,
    reply: ok,
    summary: 'Reports a post to staff (its author is the reported person, its text kept)',
  }),
  reportComment: endpoint({
    method: 'POST',
    path: '/api/wall/comments/:id/report',
    auth: 'session',
    params: wallCommentParamsSchema,
    body: wallReportBodySchema,
    reply: ok,
    summary: 'Reports a comment to staff (its author is the reported person, its text kept)',
  }),
};
