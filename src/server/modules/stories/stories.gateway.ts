import type { StoryAudience } from '../../events/domain-events';
import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import { ignoringChannel } from '../ignore';

/**
 * Stories reach only those who may see them: an everyone story every socket but the author's
 * ignorers'; a friends-only one the author's friends' and the author's own tabs, never anyone else's.
 */
export function announceStories(live: Live): void {
  const { io } = live;
  const audience = (authorId: number, to: StoryAudience) =>
    to.visibility === 'everyone'
      ? io.except(ignoringChannel(authorId))
      : io.to([authorId, ...to.friendIds].map((id) => channel.user(id))).except(ignoringChannel(authorId));
  live.on('story.posted', ({ story, author, audience: to }) =>
    audience(author.id, to).emit('message', { type: 'storyPosted', story, author }),
  );
  live.on('story.deleted', ({ storyId, authorId, audience: to }) =>
    audience(authorId, to).emit('message', { type: 'storyDeleted', storyId, authorId }),
  );
}
