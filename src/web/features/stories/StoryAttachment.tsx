import { useState } from 'react';
import type { Attachment } from '../../../shared/entities/message';
import { STORY_BACKGROUNDS, type StoryBackground } from '../../../shared/entities/story';
import { STORIES_TEXTS as T } from './texts';

/** The story a private message reacts or replies to (`channel: 'story'`), if it has one. */
export function storyAttachmentOf(attachments: readonly Attachment[]): Attachment | undefined {
  return attachments.find((a) => a.channel === 'story');
}

/**
 * In a private conversation: the story's thumbnail (or its background, for a text story) with
 * what the message is. Once the story has expired its picture is gone: the label stays.
 */
export function StoryAttachment({ attachment }: { attachment: Attachment }) {
  const [failed, setFailed] = useState(false);
  const background =
    attachment.background && attachment.background in STORY_BACKGROUNDS
      ? STORY_BACKGROUNDS[attachment.background as StoryBackground]
      : STORY_BACKGROUNDS.night;
  const label = attachment.reaction ? T.storyReaction : T.storyReply;
  return (
    <figure className="mb-1 flex items-center gap-2" data-story-attachment={attachment.storyId}>
      {attachment.thumbnailUrl && !failed ? (
        <img
          src={attachment.thumbnailUrl}
          alt={T.storyReply}
          width={40}
          height={56}
          loading="lazy"
          onError={() => setFailed(true)}
          className="h-14 w-10 shrink-0 rounded-md object-cover"
        />
      ) : (
        <span aria-hidden="true" className="block h-14 w-10 shrink-0 rounded-md" style={{ background }} />
      )}
      <figcaption className="text-xs text-muted-foreground">
        {label}
        {failed && <span className="block">{T.storyGone}</span>}
        {!attachment.thumbnailUrl && <span className="block">{T.textStory}</span>}
      </figcaption>
    </figure>
  );
}
