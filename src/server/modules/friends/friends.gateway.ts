import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';

/** Friend events go only to the two people concerned; presence to the friends looked up once. */
export function announceFriends(live: Live): void {
  const { io } = live;
  const tabsOf = (userId: number) => io.to(channel.user(userId));
  live.on('friend.requested', ({ request }) =>
    tabsOf(request.to.id).emit('message', { type: 'friendRequestReceived', request }),
  );
  live.on('friend.accepted', ({ request, friendOfRequester, friendOfAddressee }) => {
    tabsOf(request.from.id).emit('message', { type: 'friendRequestAccepted', request });
    tabsOf(request.from.id).emit('message', { type: 'friendAdded', friend: friendOfRequester });
    tabsOf(request.to.id).emit('message', { type: 'friendAdded', friend: friendOfAddressee });
  });
  live.on('friend.presence', ({ userId, online, friendIds }) =>
    io
      .to(friendIds.map((id) => channel.user(id)))
      .emit('message', { type: 'friendPresence', userId, isOnline: online }),
  );
  live.on('friend.removed', ({ userId, otherId, requestId, tell }) => {
    for (const id of tell)
      tabsOf(id).emit('message', { type: 'friendRemoved', userId: id === userId ? otherId : userId, requestId });
  });
}
