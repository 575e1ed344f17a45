import type { OnlineUser } from '../../../shared/entities/user';
import type { PresenceStore } from './presence.store';

/** What presence tells the rest of the server; the realtime layer turns these into events. */
export interface PresenceEvents {
  userEnteredRoom(roomId: string, user: OnlineUser): void;
  userLeftRoom(roomId: string, user: OnlineUser): void;
  roomCountChanged(roomId: string): void;
}

interface Entry<T> {
  value: T;
  sockets: Set<string>;
  /** Pending removal after the last socket dropped: cancelled if the user comes back in time. */
  timer?: NodeJS.Timeout;
}

/**
 * Tracks this node's sockets and turns them into per-user presence: a user with two tabs is one
 * entry, and leaves only when the last tab goes. A dropped connection is kept for `graceMs`,
 * so a page reload does not announce a leave and a join.
 */
export function createPresenceService(store: PresenceStore, events: PresenceEvents, graceMs: number) {
  const online = new Map<number, Entry<{ user: OnlineUser; usernameKey: string }>>();
  const rooms = new Map<string, Map<number, Entry<OnlineUser>>>();
  const socketRoom = new Map<string, { roomId: string; userId: number }>();
  const pending = new Set<Promise<unknown>>();

  /** Store writes run in order per key but never block the caller; shutdown waits for them. */
  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  }

  async function dropFromRoom(roomId: string, userId: number): Promise<void> {
    const members = rooms.get(roomId);
    const entry = members?.get(userId);
    if (!members || !entry) return;
    members.delete(userId);
    if (members.size === 0) rooms.delete(roomId);
    await store.removeRoomMember(roomId, userId);
    if (!(await store.hasRoomMember(roomId, userId))) events.userLeftRoom(roomId, entry.value);
    events.roomCountChanged(roomId);
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
      entry.timer = setTimeout(() => void track(dropFromRoom(current.roomId, current.userId)), graceMs);
      return Promise.resolve();
    }
    return track(dropFromRoom(current.roomId, current.userId));
  }

  return {
    /** A socket of `user` connected to this node. */
    async connect(socketId: string, user: OnlineUser, usernameKey: string): Promise<void> {
      const entry = online.get(user.id);
      if (entry) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.sockets.add(socketId);
        entry.value = { user, usernameKey };
        return;
      }
      online.set(user.id, { value: { user, usernameKey }, sockets: new Set([socketId]) });
      await track(store.addOnline(user.id, usernameKey));
    },

    /**
     * Puts the socket in `roomId`, leaving its previous room at once. Returns the room it left.
     * Announces the user only if no other tab (on any node) already holds them there.
     */
    async join(socketId: string, user: OnlineUser, roomId: string): Promise<string | null> {
      const previous = socketRoom.get(socketId);
      if (previous?.roomId === roomId) return null;
      if (previous) await releaseRoomSocket(socketId, false);
      socketRoom.set(socketId, { roomId, userId: user.id });
      let members = rooms.get(roomId);
      if (!members) rooms.set(roomId, (members = new Map()));
      const entry = members.get(user.id);
      if (entry) {
        clearTimeout(entry.timer);
        entry.timer = undefined;
        entry.sockets.add(socketId);
        return previous?.roomId ?? null;
      }
      members.set(user.id, { value: user, sockets: new Set([socketId]) });
      const elsewhere = await store.hasRoomMember(roomId, user.id);
      await track(store.addRoomMember(roomId, user));
      if (!elsewhere) events.userEnteredRoom(roomId, user);
      events.roomCountChanged(roomId);
      return previous?.roomId ?? null;
    },

    /** The socket is gone: its room and online entries go after the grace period if it was the last. */
    async disconnect(socketId: string, userId: number): Promise<void> {
      await releaseRoomSocket(socketId, true);
      const entry = online.get(userId);
      if (!entry) return;
      entry.sockets.delete(socketId);
      if (entry.sockets.size > 0) return;
      const goOffline = () => {
        if (online.get(userId) !== entry || entry.sockets.size > 0) return;
        online.delete(userId);
        void track(store.removeOnline(userId, entry.value.usernameKey));
      };
      if (graceMs > 0) entry.timer = setTimeout(goOffline, graceMs);
      else goOffline();
    },

    roomOf(socketId: string): string | null {
      return socketRoom.get(socketId)?.roomId ?? null;
    },

    roomMembers: (roomId: string) => store.roomMembers(roomId),
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
      for (const members of rooms.values()) for (const entry of members.values()) clearTimeout(entry.timer);
      for (const entry of online.values()) clearTimeout(entry.timer);
      await Promise.allSettled([...pending]);
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
