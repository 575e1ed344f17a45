import type { OnlineUser } from '../../../shared/entities/user';
import type { Clock, Timer } from '../../clock';
import type { DomainEventBus } from '../../events/domain-events';
import type { PresenceStore } from './presence.store';

interface Entry<T> {
  value: T;
  sockets: Set<string>;
  /** Pending removal after the last socket dropped: cancelled if the user comes back in time. */
  timer?: Timer;
}

/**
 * Tracks this node's sockets and turns them into per-user presence: a user with two tabs is one
 * entry, and leaves only when the last tab goes. A dropped connection is kept for `graceMs`,
 * so a page reload does not announce a leave and a join. In-memory state changes synchronously
 * (so a disconnect arriving in the middle of a join always sees where the socket is); the shared
 * store is written after, in order, without blocking the caller.
 */
export function createPresenceService(deps: {
  store: PresenceStore;
  bus: DomainEventBus;
  clock: Clock;
  graceMs: number;
}) {
  const { store, bus, clock, graceMs } = deps;
  const online = new Map<number, Entry<{ user: OnlineUser; usernameKey: string }>>();
  const rooms = new Map<string, Map<number, Entry<OnlineUser>>>();
  const socketRoom = new Map<string, { roomId: string; userId: number }>();
  const liveSockets = new Set<string>();
  const pending = new Set<Promise<unknown>>();

  /** Store writes never block the caller; shutdown waits for them. */
  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  }

  async function dropFromRoom(roomId: string, userId: number, entry: Entry<OnlineUser>): Promise<void> {
    await store.removeRoomMember(roomId, userId);
    if (!(await store.hasRoomMember(roomId, userId))) bus.publish('presence.left', { roomId, user: entry.value });
    bus.publish('room.countChanged', { roomId });
  }

  /** Removes the user's entry from the room's map now; the store follows. */
  function leaveRoomNow(roomId: string, userId: number): Promise<void> {
    const members = rooms.get(roomId);
    const entry = members?.get(userId);
    if (!members || !entry || entry.sockets.size > 0) return Promise.resolve();
    members.delete(userId);
    if (members.size === 0) rooms.delete(roomId);
    return track(dropFromRoom(roomId, userId, entry));
  }

  function releaseRoomSocket(socketId: string, withGrace: boolean): Promise<void> {
    const current = socketRoom.get(socketId);
    if (!current) return Promise.resolve();
    socketRoom.delete(socketId);
    const entry = rooms.get(current.roomId)?.get(current.userId);
    if (!entry) return Promise.resolve();
    entry.sockets.delete(socketId);
    if (entry.sockets.size > 0) return Promise.resolve();
    if (withGrace && graceMs > 0) {
      entry.timer = clock.after(graceMs, () => void leaveRoomNow(current.roomId, current.userId));
      return Promise.resolve();
    }
    return leaveRoomNow(current.roomId, current.userId);
  }

  async function enterRoom(roomId: string, user: OnlineUser): Promise<void> {
    const elsewhere = await store.hasRoomMember(roomId, user.id);
    await store.addRoomMember(roomId, user);
    if (!elsewhere) bus.publish('presence.entered', { roomId, user });
    bus.publish('room.countChanged', { roomId });
  }

  return {
    /** A socket of `user` connected to this node. */
    async connect(socketId: string, user: OnlineUser, usernameKey: string): Promise<void> {
      liveSockets.add(socketId);
      const entry = online.get(user.id);
      if (entry) {
        entry.timer?.cancel();
        entry.timer = undefined;
        entry.sockets.add(socketId);
        entry.value = { user, usernameKey };
        return;
      }
      online.set(user.id, { value: { user, usernameKey }, sockets: new Set([socketId]) });
      await track(store.addOnline(user.id, usernameKey));
      // Hidden staff are online for nobody. A user already online on another node is said again: harmless.
      if (!user.isHidden) bus.publish('presence.onlineChanged', { userId: user.id, online: true });
    },

    /**
     * Puts a connected socket in `roomId`, leaving its previous room at once. Announces the user
     * only if no other tab (on any node) already holds them there. A socket that is already gone
     * is not put anywhere.
     */
    async join(socketId: string, user: OnlineUser, roomId: string): Promise<void> {
      if (!liveSockets.has(socketId)) return;
      const previous = socketRoom.get(socketId);
      if (previous?.roomId === roomId) return;
      const leaving = previous ? releaseRoomSocket(socketId, false) : Promise.resolve();
      socketRoom.set(socketId, { roomId, userId: user.id });
      let members = rooms.get(roomId);
      if (!members) rooms.set(roomId, (members = new Map()));
      const entry = members.get(user.id);
      if (entry) {
        entry.timer?.cancel();
        entry.timer = undefined;
        entry.sockets.add(socketId);
        await leaving;
        return;
      }
      members.set(user.id, { value: user, sockets: new Set([socketId]) });
      await leaving;
      await track(enterRoom(roomId, user));
    },

    /** The socket is gone: its room and online entries go after the grace period if it was the last. */
    async disconnect(socketId: string, userId: number): Promise<void> {
      liveSockets.delete(socketId);
      await releaseRoomSocket(socketId, true);
      const entry = online.get(userId);
      if (!entry) return;
      entry.sockets.delete(socketId);
      if (entry.sockets.size > 0) return;
      const goOffline = () => {
        if (online.get(userId) !== entry || entry.sockets.size > 0) return;
        online.delete(userId);
        void track(
          store.removeOnline(userId, entry.value.usernameKey).then(async () => {
            // Gone from the site only when no other node holds them either.
            if (entry.value.user.isHidden || (await store.onlineUserIds([userId])).has(userId)) return;
            bus.publish('presence.onlineChanged', { userId, online: false });
          }),
        );
      };
      if (graceMs > 0) entry.timer = clock.after(graceMs, goOffline);
      else goOffline();
    },

    /**
     * A user's public face changed (role, colour…): the rooms this node holds them in list the
     * new one. Every node does this for its own sockets.
     */
    async refreshUser(user: OnlineUser, usernameKey: string): Promise<void> {
      const entry = online.get(user.id);
      if (entry) {
        // Hiding reads as going offline to friends; showing again, as coming online.
        if (Boolean(entry.value.user.isHidden) !== Boolean(user.isHidden))
          bus.publish('presence.onlineChanged', { userId: user.id, online: !user.isHidden });
        entry.value = { user, usernameKey };
      }
      const writes: Promise<void>[] = [];
      for (const [roomId, members] of rooms) {
        const member = members.get(user.id);
        if (!member) continue;
        const visibilityChanged = Boolean(member.value.isHidden) !== Boolean(user.isHidden);
        member.value = user;
        writes.push(
          store.addRoomMember(roomId, user).then(() => {
            // Hidden staff are not counted: hiding or showing changes the room's number.
            if (visibilityChanged) bus.publish('room.countChanged', { roomId });
          }),
        );
      }
      await track(Promise.all(writes));
    },

    roomOf(socketId: string): string | null {
      return socketRoom.get(socketId)?.roomId ?? null;
    },

    roomMembers: (roomId: string) => store.roomMembers(roomId),
    /** A page of who a room shows, with how many it shows (see `PresenceStore.roomPage`). */
    roomPage: (roomId: string, offset: number, limit: number) => store.roomPage(roomId, offset, limit),
    roomSize: (roomId: string) => store.roomSize(roomId),
    allMembers: () => store.allMembers(),
    /** The rooms a user is in, on any node. */
    async roomsOfUser(userId: number): Promise<string[]> {
      const all = await store.allMembers();
      return [...new Set(all.filter((entry) => entry.user.id === userId).map((entry) => entry.roomId))];
    },
    roomCounts: () => store.roomCounts(),
    isUsernameOnline: (usernameKey: string) => store.isUsernameOnline(usernameKey),
    onlineUserIds: (userIds: number[]) => store.onlineUserIds(userIds),
    async isOnline(userId: number): Promise<boolean> {
      if (online.has(userId)) return true;
      return (await store.onlineUserIds([userId])).has(userId);
    },

    /** Users with a socket on this node: the ones whose last-seen this node refreshes. */
    localUserIds(): number[] {
      return [...online.keys()];
    },

    /** Cancels grace timers and waits for store writes; the store is closed by its owner. */
    async drain(): Promise<void> {
      for (const members of rooms.values()) for (const entry of members.values()) entry.timer?.cancel();
      for (const entry of online.values()) entry.timer?.cancel();
      await Promise.allSettled([...pending]);
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
