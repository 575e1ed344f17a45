import { chatImageThumbUrl, chatImageUrl } from '../../../shared/api/uploads';
import type { Story } from '../../../shared/entities/story';
import type { StoryRow } from '../../db/schema';

/** A story as the reader sees it: whether they saw it; its view count for its author only. */
export function toStory(row: StoryRow, reader: { viewed: boolean; viewCount: number | null }): Story {
  return {
    id: row.id,
    authorId: row.authorId,
    image: row.imageId
      ? {
          url: chatImageUrl(row.imageId),
          thumbnailUrl: chatImageThumbUrl(row.imageId),
          width: row.imageWidth ?? 0,
          height: row.imageHeight ?? 0,
        }
      : null,
    caption: row.caption,
    text: row.text,
    background: row.background,
    visibility: row.visibility,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    viewed: reader.viewed,
    viewCount: reader.viewCount,
  };
}
