import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../realtime';
import { refreshFeed } from './stories-queries';

/** The strip follows stories posted and deleted, as the server tells whoever may see them. */
export function StoriesLive() {
  const queries = useQueryClient();
  useLiveEvent('storyPosted', () => void refreshFeed(queries));
  useLiveEvent('storyDeleted', () => void refreshFeed(queries));
  return null;
}
