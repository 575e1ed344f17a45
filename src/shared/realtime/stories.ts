/** Stories: a story posted or deleted, to whoever may see it (friends-only: the author's friends). */
import * as z from 'zod/mini';
import { storySchema } from '../entities/story';
import { publicUserSchema } from '../entities/user';
import { envelope } from './registry';

export const storiesEnvelopes = {
  storyPosted: envelope(
    'storyPosted',
    "To whoever may see it (everyone but the author's ignorers, or the author's friends and tabs): a new story",
    { story: storySchema, author: publicUserSchema },
  ),
  storyDeleted: envelope('storyDeleted', 'To whoever could see it: a story was deleted by its author or staff', {
    storyId: z.int(),
    authorId: z.int(),
  }),
};
