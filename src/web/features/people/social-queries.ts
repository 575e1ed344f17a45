import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Friend, FriendRequest } from '../../../shared/api/friends';
import type { Notification } from '../../../shared/api/notifications';
import type { PublicUser } from '../../../shared/entities/user';
import { useSession } from '../session/session-store';
import { fetchFriendRequests, fetchFriends, fetchIgnored, fetchNotifications, fetchUnreadCount } from './people-api';

/** Spec §7: the cached query keys of the notifications. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const UNREAD_KEY = ['/api/notifications/unread-count'] as const;
export const FRIENDS_KEY = ['friends'] as const;
export const REQUESTS_KEY = ['friends', 'requests'] as const;
export const ignoredKey = (myId: number | undefined) => ['ignored', myId ?? 0] as const;

const EMPTY_SET: ReadonlySet<number> = new Set();

function useMyId(): number | undefined {
  const { user, record } = useSession();
  return user?.id ?? record?.userId;
}

/** The people the signed-in user ignores (their ids): filtered out of lists and rooms. */
export function useIgnored() {
  const myId = useMyId();
  return useQuery({
    queryKey: ignoredKey(myId),
    queryFn: async () => (await fetchIgnored(myId!)).ignoredUsers,
    enabled: myId !== undefined,
    select: (users: PublicUser[]) => users,
  });
}

export function useIgnoredIds(): ReadonlySet<number> {
  const list = useIgnored().data;
  // A new Set per list, not per render: memo'd rows compare it by identity.
  return list ? idSet(list) : EMPTY_SET;
}

const sets = new WeakMap<PublicUser[], ReadonlySet<number>>();
function idSet(list: PublicUser[]): ReadonlySet<number> {
  let found = sets.get(list);
  if (!found) sets.set(list, (found = new Set(list.map((u) => u.id))));
  return found;
}

export function useFriends() {
  const myId = useMyId();
  return useQuery({
    queryKey: FRIENDS_KEY,
    queryFn: async () => (await fetchFriends()).friends,
    enabled: myId !== undefined,
  });
}

export function useFriendRequests() {
  const myId = useMyId();
  return useQuery({
    queryKey: REQUESTS_KEY,
    queryFn: fetchFriendRequests,
    enabled: myId !== undefined,
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: fetchNotifications,
    enabled,
    select: (data: { notifications: Notification[] }) => data.notifications,
  });
}

export function useUnreadCount(): number {
  const myId = useMyId();
  return useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnreadCount, enabled: myId !== undefined }).data?.count ?? 0;
}

// ---- cache updates from live events ------------------------------------------------------------

export function addNotification(client: QueryClient, notification: Notification, unreadCount: number): void {
  client.setQueryData(UNREAD_KEY, { count: unreadCount });
  client.setQueryData<{ notifications: Notification[] }>(NOTIFICATIONS_KEY, (data) =>
    data ? { notifications: [notification, ...data.notifications.filter((n) => n.id !== notification.id)] } : data,
  );
}

export function notificationRead(client: QueryClient, id: number | null, unreadCount: number): void {
  client.setQueryData(UNREAD_KEY, { count: unreadCount });
  client.setQueryData<{ notifications: Notification[] }>(NOTIFICATIONS_KEY, (data) =>
    data
      ? { notifications: data.notifications.map((n) => (id === null || n.id === id ? { ...n, isRead: true } : n)) }
      : data,
  );
}

export function notificationsCleared(client: QueryClient): void {
  client.setQueryData(UNREAD_KEY, { count: 0 });
  client.setQueryData(NOTIFICATIONS_KEY, { notifications: [] });
}

export function friendAdded(client: QueryClient, friend: Friend): void {
  client.setQueryData<Friend[]>(FRIENDS_KEY, (list) =>
    list ? [friend, ...list.filter((f) => f.user.id !== friend.user.id)] : list,
  );
  client.setQueryData<{ incoming: FriendRequest[]; outgoing: FriendRequest[] }>(REQUESTS_KEY, (data) =>
    data
      ? {
          incoming: data.incoming.filter((r) => r.from.id !== friend.user.id),
          outgoing: data.outgoing.filter((r) => r.to.id !== friend.user.id),
        }
      : data,
  );
}

export function friendRequestReceived(client: QueryClient, request: FriendRequest): void {
  client.setQueryData<{ incoming: FriendRequest[]; outgoing: FriendRequest[] }>(REQUESTS_KEY, (data) =>
    data ? { ...data, incoming: [request, ...data.incoming.filter((r) => r.id !== request.id)] } : data,
  );
}

export function friendRemoved(client: QueryClient, userId: number): void {
  client.setQueryData<Friend[]>(FRIENDS_KEY, (list) => list?.filter((f) => f.user.id !== userId));
  void client.invalidateQueries({ queryKey: REQUESTS_KEY });
}

/** A user's presence changed somewhere: friends' online dots follow. */
export function friendPresence(client: QueryClient, userId: number, isOnline: boolean): void {
  client.setQueryData<Friend[]>(FRIENDS_KEY, (list) =>
    list?.some((f) => f.user.id === userId && f.user.isOnline !== isOnline)
      ? list.map((f) => (f.user.id === userId ? { ...f, user: { ...f.user, isOnline } } : f))
      : list,
  );
}
