import type { OnlineUser } from '../../../shared/entities/user';
import type { Clock, Timer } from '../../clock';
import { channel, type AppServer } from '../../realtime/types';

interface Pending {
  joined: Map<number, OnlineUser>;
  left: Map<number, OnlineUser>;
  timer?: Timer;
  lastFlush: number;
}

/**
 * Tells a room who entered and left. A lone change goes out at once as `userConnected` /
 * `userDisconnected`; changes that follow within `windowMs` are gathered into one
 * `usersConnected` / `usersDisconnected`, so a reconnect storm after a deploy costs one broadcast
 * per window instead of one per user (which grows with the square of the room size).
 */
export function createPresenceBroadcaster(io: AppServer, windowMs: number, clock: Clock) {
  const rooms = new Map<string, Pending>();

  function flush(roomId: string): void {
    const pending = rooms.get(roomId);
    if (!pending) return;
    pending.timer = undefined;
    pending.lastFlush = clock.now();
    const joined = [...pending.joined.values()];
    const left = [...pending.left.values()];
    pending.joined.clear();
    pending.left.clear();
    const room = io.to(channel.room(roomId));
    if (left.length === 1)
      room.emit('message', { type: 'userDisconnected', roomId, userId: left[0]!.id, username: left[0]!.username });
    else if (left.length > 1)
      room.emit('message', {
        type: 'usersDisconnected',
        roomId,
        users: left.map(({ id, username }) => ({ id, username })),
      });
    if (joined.length === 1) {
      const user = joined[0]!;
      io.to(channel.room(roomId))
        .except(channel.user(user.id))
        .emit('message', { type: 'userConnected', roomId, user });
    } else if (joined.length > 1) room.emit('message', { type: 'usersConnected', roomId, users: joined });
    if (joined.length === 0 && left.length === 0) rooms.delete(roomId);
  }

  function change(roomId: string, user: OnlineUser, kind: 'joined' | 'left'): void {
    let pending = rooms.get(roomId);
    if (!pending) rooms.set(roomId, (pending = { joined: new Map(), left: new Map(), lastFlush: 0 }));
    const opposite = kind === 'joined' ? pending.left : pending.joined;
    // A leave and a join of one user inside a window cancel out (a reload, a quick switch back).
    if (!opposite.delete(user.id)) pending[kind].set(user.id, user);
    if (pending.timer) return;
    const wait = pending.lastFlush + windowMs - clock.now();
    if (wait <= 0) flush(roomId);
    else pending.timer = clock.after(wait, () => flush(roomId));
  }

  return {
    entered: (roomId: string, user: OnlineUser) => change(roomId, user, 'joined'),
    left: (roomId: string, user: OnlineUser) => change(roomId, user, 'left'),
    stop(): void {
      for (const pending of rooms.values()) pending.timer?.cancel();
      rooms.clear();
    },
  };
}
