import * as z from 'zod/mini';
import { messageContentSchema, messageSchema } from '../entities/message';
import {
  charCount,
  STORIES,
  STORY_BACKGROUND_IDS,
  STORY_REACTION_IDS,
  STORY_VISIBILITIES,
  storyAuthorSchema,
  storySchema,
  storyViewSchema,
} from '../entities/story';
import { endpoint } from './endpoint';
import type { ErrorCode } from './errors';

/** A trimmed text of at most `max` characters; empty means none (null). */
function limitedText(max: number, code: ErrorCode) {
  return z.optional(
    z.nullable(
      z
        .pipe(
          z.string({ error: 'VALIDATION_ERROR' }),
          z.transform((text: string) => text.trim()),
        )
        .check(
          z.superRefine((text, ctx) => {
            if (charCount(text) > max) ctx.addIssue({ code: 'custom', message: code });
          }),
        ),
    ),
  );
}

/**
 * A new story: a picture (an upload's id, the caller's own) with an optional caption, or a text on
 * a background of the palette. Never both, never neither.
 */
export const postStoryBodySchema = z
  .object({
    imageId: z.optional(z.nullable(z.string().check(z.regex(/^[0-9a-f]{32}$/, { error: 'IMAGE_NOT_FOUND' })))),
    caption: limitedText(STORIES.captionMax, 'STORY_CAPTION_TOO_LONG'),
    text: limitedText(STORIES.textMax, 'STORY_TEXT_TOO_LONG'),
    background: z.optional(z.nullable(z.enum(STORY_BACKGROUND_IDS, { error: 'STORY_BACKGROUND_INVALID' }))),
    visibility: z._default(z.enum(STORY_VISIBILITIES, { error: 'VALIDATION_ERROR' }), 'everyone'),
  })
  .check(
    z.superRefine((story, ctx) => {
      const hasText = Boolean(story.text);
      if (!story.imageId && !hasText) ctx.addIssue({ code: 'custom', message: 'STORY_CONTENT_REQUIRED' });
      else if (story.imageId && (hasText || story.background))
        ctx.addIssue({ code: 'custom', message: 'STORY_ONE_KIND' });
      else if (hasText && story.caption) ctx.addIssue({ code: 'custom', message: 'STORY_ONE_KIND' });
    }),
  );
export type PostStoryBody = z.infer<typeof postStoryBodySchema>;

export const storyIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'STORY_NOT_FOUND' })
    .check(
      z.int({ error: 'STORY_NOT_FOUND' }),
      z.positive({ error: 'STORY_NOT_FOUND' }),
      z.lte(2_147_483_647, { error: 'STORY_NOT_FOUND' }),
    ),
});

export const storyReactionBodySchema = z.object({
  type: z.enum(STORY_REACTION_IDS, { error: 'VALIDATION_ERROR' }),
});
export const storyReplyBodySchema = z.object({ content: messageContentSchema });

const ok = z.object({ ok: z.literal(true) });

export const storiesEndpoints = {
  post: endpoint({
    method: 'POST',
    path: '/api/stories',
    auth: 'session',
    body: postStoryBodySchema,
    reply: z.object({ story: storySchema }),
    summary:
      'Posts a story (members only) for 24 hours: a picture with a caption or a text on a background; `storyPosted` to whoever may see it',
  }),
  feed: endpoint({
    method: 'GET',
    path: '/api/stories/feed',
    auth: 'session',
    reply: z.object({ authors: z.array(storyAuthorSchema) }),
    summary:
      "Unexpired stories the caller may see, by author: the caller's own first, then unseen before seen; ignored authors left out",
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/stories/mine',
    auth: 'session',
    reply: z.object({ stories: z.array(storySchema) }),
    summary: "The caller's unexpired stories, oldest first, with their view counts",
  }),
  view: endpoint({
    method: 'POST',
    path: '/api/stories/:id/view',
    auth: 'session',
    params: storyIdParamsSchema,
    reply: ok,
    summary: 'Records that the caller saw a story (once per person; the author is not counted)',
  }),
  views: endpoint({
    method: 'GET',
    path: '/api/stories/:id/views',
    auth: 'session',
    params: storyIdParamsSchema,
    reply: z.object({ views: z.array(storyViewSchema) }),
    summary: 'Who saw a story, newest first: for its author only',
  }),
  react: endpoint({
    method: 'POST',
    path: '/api/stories/:id/reaction',
    auth: 'session',
    params: storyIdParamsSchema,
    body: storyReactionBodySchema,
    reply: z.object({ message: messageSchema }),
    summary:
      "Reacts to a story: a private message to its author carrying the reaction and a `{channel: 'story'}` attachment",
  }),
  reply: endpoint({
    method: 'POST',
    path: '/api/stories/:id/reply',
    auth: 'session',
    params: storyIdParamsSchema,
    body: storyReplyBodySchema,
    reply: z.object({ message: messageSchema }),
    summary: "Replies to a story: a private message to its author with a `{channel: 'story'}` attachment",
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/stories/:id',
    auth: 'session',
    params: storyIdParamsSchema,
    reply: ok,
    summary: 'Deletes a story: its author, or staff by rank (logged); `storyDeleted` to whoever could see it',
  }),
};
