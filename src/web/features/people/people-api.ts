import { friendsEndpoints } from '../../../shared/api/friends';
import { ignoreEndpoints } from '../../../shared/api/ignore';
import { notificationsEndpoints } from '../../../shared/api/notifications';
import { reactionsEndpoints } from '../../../shared/api/reactions';
import { usersEndpoints } from '../../../shared/api/users';
import type { ReactionType } from '../../../shared/entities/message';
import { callApi } from '../../lib/api';

/** Every call of the people features; refusals arrive as ApiError with the server's Arabic text. */

export const fetchUser = (id: number) => callApi(usersEndpoints.get, { params: { id } });

export const react = (messageId: number, type: ReactionType | null) =>
  callApi(reactionsEndpoints.react, { params: { id: messageId }, body: { type } });

export const fetchIgnored = (myId: number) => callApi(ignoreEndpoints.list, { params: { id: myId } });
export const ignoreUser = (myId: number, targetId: number) =>
  callApi(ignoreEndpoints.ignore, { params: { id: myId, targetId } });
export const unignoreUser = (myId: number, targetId: number) =>
  callApi(ignoreEndpoints.unignore, { params: { id: myId, targetId } });

export const fetchFriends = () => callApi(friendsEndpoints.list, {});
export const fetchFriendRequests = () => callApi(friendsEndpoints.requests, {});
export const askFriend = (userId: number) => callApi(friendsEndpoints.request, { body: { userId } });
export const acceptFriend = (id: number) => callApi(friendsEndpoints.accept, { params: { id } });
export const declineFriend = (id: number) => callApi(friendsEndpoints.decline, { params: { id } });
export const cancelFriendRequest = (id: number) => callApi(friendsEndpoints.cancel, { params: { id } });
export const unfriend = (userId: number) => callApi(friendsEndpoints.remove, { params: { userId } });

export const fetchNotifications = () => callApi(notificationsEndpoints.list, {});
export const fetchUnreadCount = () => callApi(notificationsEndpoints.unreadCount, {});
export const markNotificationRead = (id: number) => callApi(notificationsEndpoints.read, { params: { id } });
export const markAllNotificationsRead = () => callApi(notificationsEndpoints.readAll, {});
export const clearNotifications = () => callApi(notificationsEndpoints.clear, {});
