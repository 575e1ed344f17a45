import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../../realtime';
import { useSession } from '../session/session-store';
import { friendAdded, friendPresence, friendRemoved, friendRequestReceived, ignoredKey } from './social-queries';

/**
 * Keeps the friends and ignore caches in step with the live events of every tab and node (the
 * friends tab, the person card's buttons). Renders nothing.
 */
export function PeopleLive() {
  const queries = useQueryClient();
  const { user, record } = useSession();
  const myId = user?.id ?? record?.userId;
  useLiveEvent('friendRequestReceived', ({ request }) => friendRequestReceived(queries, request));
  useLiveEvent('friendAdded', ({ friend }) => friendAdded(queries, friend));
  useLiveEvent('friendRemoved', ({ userId }) => friendRemoved(queries, userId));
  useLiveEvent('friendPresence', ({ userId, isOnline }) => friendPresence(queries, userId, isOnline));
  useLiveEvent('ignoreChanged', () => void queries.invalidateQueries({ queryKey: ignoredKey(myId) }));
  return null;
}
