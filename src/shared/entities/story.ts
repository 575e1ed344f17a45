/**
 * Stories (الحالات): a picture with an optional caption, or a text on a background from a fixed
 * palette, seen by everyone or by the author's friends, for 24 hours.
 */
import * as z from 'zod/mini';
import { publicUserSchema } from './user';

export const STORIES = {
  /** A story lives this long after it is posted; the server refuses it everywhere after. */
  lifetimeMs: 24 * 60 * 60 * 1000,
  captionMax: 200,
  textMax: 300,
  /** Stories one author may have alive at once (flood control on top of the message allowance). */
  maxAlivePerAuthor: 30,
  /** Views listed for the author, newest first. */
  viewsLimit: 500,
  /** Unexpired stories a feed reads at most (the newest). */
  feedLimit: 500,
  /** Rows the retention sweep deletes per call. */
  sweepBatch: 200,
} as const;

/**
 * The text stories' backgrounds: white text reads at 4.5:1 or more on every stop of each.
 * Clients send the id; the CSS is drawn from this list only.
 */
export const STORY_BACKGROUNDS = {
  sunset: 'linear-gradient(135deg, #c2410c, #9d174d)',
  ocean: 'linear-gradient(135deg, #0369a1, #1e3a8a)',
  forest: 'linear-gradient(135deg, #15803d, #064e3b)',
  night: 'linear-gradient(135deg, #312e81, #0f172a)',
  rose: 'linear-gradient(135deg, #be123c, #831843)',
  gold: 'linear-gradient(135deg, #a16207, #713f12)',
  violet: 'linear-gradient(135deg, #6d28d9, #4c1d95)',
  slate: 'linear-gradient(135deg, #475569, #1e293b)',
} as const;
export type StoryBackground = keyof typeof STORY_BACKGROUNDS;
export const STORY_BACKGROUND_IDS = Object.keys(STORY_BACKGROUNDS) as [StoryBackground, ...StoryBackground[]];
export const DEFAULT_STORY_BACKGROUND: StoryBackground = 'night';

export const STORY_VISIBILITIES = ['everyone', 'friends'] as const;
export type StoryVisibility = (typeof STORY_VISIBILITIES)[number];

/**
 * Reactions to a story, each sent to the author as a private message carrying the code of one of
 * the site's own emojis (drawn as its picture in the conversation, whatever fonts a phone has).
 */
export const STORY_REACTIONS = {
  heart: '<3',
  laugh: ':laugh:',
  wow: ':O',
  sad: ":'(",
  fire: ':fire:',
  like: ':like:',
} as const;
export type StoryReaction = keyof typeof STORY_REACTIONS;
export const STORY_REACTION_IDS = Object.keys(STORY_REACTIONS) as [StoryReaction, ...StoryReaction[]];

/** The characters of a text as people count them (an emoji is one). */
export { charCount } from '../text/length';

export const storyImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.int(),
  height: z.int(),
});

export const storySchema = z.object({
  id: z.int(),
  authorId: z.int(),
  image: z.nullable(storyImageSchema),
  caption: z.nullable(z.string()),
  text: z.nullable(z.string()),
  background: z.nullable(z.enum(STORY_BACKGROUND_IDS)),
  visibility: z.enum(STORY_VISIBILITIES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Whether the reader has seen it (their own: always). */
  viewed: z.boolean(),
  /** How many people saw it: for the author only, null for everyone else. */
  viewCount: z.nullable(z.int()),
});
export type Story = z.infer<typeof storySchema>;

export const storyAuthorSchema = z.object({
  user: publicUserSchema,
  /** Oldest first: the order they are watched in. */
  stories: z.array(storySchema),
  allViewed: z.boolean(),
});
export type StoryAuthor = z.infer<typeof storyAuthorSchema>;

export const storyViewSchema = z.object({ user: publicUserSchema, viewedAt: z.string() });
export type StoryView = z.infer<typeof storyViewSchema>;

/** A story is alive until its expiry, by the server's clock. */
export const isAlive = (story: { expiresAt: string }, now: number): boolean => Date.parse(story.expiresAt) > now;
