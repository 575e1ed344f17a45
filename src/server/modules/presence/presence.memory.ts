import type { OnlineUser } from '../../../shared/entities/user';
import type { PresenceStore } from './presence.store';

/** A single process: the node's own view is the whole site's. */
export function createMemoryPresenceStore(): PresenceStore {
  const rooms = new Map<string, Map<number, OnlineUser>>();
  const online = new Map<number, string>();
  const names = new Map<string, number>();
  const connections = new Map<string, number>();
  const bump = (key: string, by: number) => {
    const next = (connections.get(key) ?? 0) + by;
    if (next > 0) connections.set(key, next);
    else connections.delete(key);
    return next;
  };

  return {
    async addRoomMember(roomId, user) {
      let members = rooms.get(roomId);
      if (!members) rooms.set(roomId, (members = new Map()));
      members.set(user.id, user);
    },
    async removeRoomMember(roomId, userId) {
      const members = rooms.get(roomId);
      members?.delete(userId);
      if (members?.size === 0) rooms.delete(roomId);
    },
    async addOnline(userId, usernameKey) {
      if (online.has(userId)) return;
      online.set(userId, usernameKey);
      names.set(usernameKey, (names.get(usernameKey) ?? 0) + 1);
    },
    async removeOnline(userId, usernameKey) {
      if (!online.delete(userId)) return;
      const left = (names.get(usernameKey) ?? 1) - 1;
      if (left > 0) names.set(usernameKey, left);
      else names.delete(usernameKey);
    },
    async roomMembers(roomId) {
      return [...(rooms.get(roomId)?.values() ?? [])];
    },
    async hasRoomMember(roomId, userId) {
      return rooms.get(roomId)?.has(userId) ?? false;
    },
    async roomCounts() {
      const counts = new Map<string, number>();
      for (const [roomId, members] of rooms) {
        const shown = [...members.values()].filter((member) => !member.isHidden).length;
        if (shown > 0) counts.set(roomId, shown);
      }
      return counts;
    },
    async isUsernameOnline(usernameKey) {
      return names.has(usernameKey);
    },
    async onlineUserIds(userIds) {
      return new Set(userIds.filter((id) => online.has(id)));
    },
    async allMembers() {
      return [...rooms].flatMap(([roomId, members]) => [...members.values()].map((user) => ({ roomId, user })));
    },
    async addConnection(userId, address) {
      return { user: bump(`u:${userId}`, 1), address: bump(`a:${address}`, 1) };
    },
    async removeConnection(userId, address) {
      bump(`u:${userId}`, -1);
      bump(`a:${address}`, -1);
    },
    async close() {},
  };
}
