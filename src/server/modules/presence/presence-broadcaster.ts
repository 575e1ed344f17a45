import type { OnlineUser } from '../../../shared/entities/user';
import type { Clock, Timer } from '../../clock';
import { channel, type AppServer } from '../../realtime/types';

interface Pending {
  joined: Map<number, OnlineUser>;
  left: Map<number, OnlineUser>;
  timer?: Timer;
  lastFlush: number;
  /** The room was big at its last flush: its next changes wait for the longer window. */
  big: boolean;
  /** The flush in progress (it reads the room's size first): the next one goes after it. */
  flushing: Promise<void>;
}

export interface PresenceBroadcastOptions {
  /** A small room's window: a lone change goes at once, the ones that follow within it as one. */
  windowMs: number;
  /** A big room's window: at most one `presenceChanged` per room within it. */
  bigWindowMs: number;
  /** A room showing more people than this is big. */
  pageSize: number;
  /** At most this many arrivals and departures are named in one `presenceChanged`. */
  maxNamed: { joined: number; left: number };
  /** How many people a room shows now (on every node). */
  sizeOf: (roomId: string) => Promise<number>;
}

/**
 * Tells a room who entered and left. In a small room a lone change goes out at once as
 * `userConnected` / `userDisconnected`; changes that follow within the window are gathered into
 * one `usersConnected` / `usersDisconnected`. In a big room (more people than a page of its list)
 * each member gets at most one `presenceChanged` per `bigWindowMs`, with the new total and the
 * first few names only: a reconnect storm costs each member one small envelope a second, however
 * many arrive, instead of every arrival (which grows with the square of the room size).
 */
export function createPresenceBroadcaster(io: AppServer, clock: Clock, options: PresenceBroadcastOptions) {
  /** Per room (kept: it remembers when the room last heard, and whether it is big). */
  const rooms = new Map<string, Pending>();

  async function flush(roomId: string, pending: Pending): Promise<void> {
    const total = await options.sizeOf(roomId);
    const joined = [...pending.joined.values()];
    const left = [...pending.left.values()];
    pending.joined.clear();
    pending.left.clear();
    pending.big = total > options.pageSize;
    const room = io.to(channel.room(roomId));
    if (pending.big) {
      if (joined.length > 0 || left.length > 0)
        room.emit('message', {
          type: 'presenceChanged',
          roomId,
          total,
          joined: joined.slice(0, options.maxNamed.joined),
          left: left.slice(0, options.maxNamed.left).map(({ id, username }) => ({ id, username })),
          moreJoined: Math.max(0, joined.length - options.maxNamed.joined),
          moreLeft: Math.max(0, left.length - options.maxNamed.left),
        });
    } else {
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
    }
  }

  function schedule(roomId: string, pending: Pending): void {
    const run = () => {
      pending.timer = undefined;
      pending.lastFlush = clock.now();
      pending.flushing = pending.flushing.then(() => flush(roomId, pending)).catch(() => undefined);
    };
    const wait = pending.lastFlush + (pending.big ? options.bigWindowMs : options.windowMs) - clock.now();
    if (wait <= 0) run();
    else pending.timer = clock.after(wait, run);
  }

  function change(roomId: string, user: OnlineUser, kind: 'joined' | 'left'): void {
    let pending = rooms.get(roomId);
    if (!pending)
      rooms.set(
        roomId,
        (pending = { joined: new Map(), left: new Map(), lastFlush: 0, big: false, flushing: Promise.resolve() }),
      );
    const opposite = kind === 'joined' ? pending.left : pending.joined;
    // A leave and a join of one user inside a window cancel out (a reload, a quick switch back).
    if (!opposite.delete(user.id)) pending[kind].set(user.id, user);
    if (pending.timer) return;
    schedule(roomId, pending);
  }

  return {
    entered: (roomId: string, user: OnlineUser) => change(roomId, user, 'joined'),
    left: (roomId: string, user: OnlineUser) => change(roomId, user, 'left'),
    /** Flushes in progress (tests wait for them after moving the clock). */
    settled: () => Promise.all([...rooms.values()].map((pending) => pending.flushing)).then(() => undefined),
    stop(): void {
      for (const pending of rooms.values()) pending.timer?.cancel();
      rooms.clear();
    },
  };
}
