import type { OnlineUser } from '../../../shared/entities/user';
import type { PresenceStore } from './presence.store';

/** A single process: the node's own view is the whole site's. */
export function createMemoryPresenceStore(): PresenceStore {
  const rooms = new Map<string, Map<number, OnlineUser>>();
  /** People shown per room, kept as members come and go: a room's size is read on every join. */
  const shown = new Map<string, number>();
  const countShown = (roomId: string, by: number) => {
    const next = (shown.get(roomId) ?? 0) + by;
    if (next > 0) shown.set(roomId, next);
    else shown.delete(roomId);
  };
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
      const before = members.get(user.id);
      members.set(user.id, user);
      countShown(roomId, (user.isHidden ? 0 : 1) - (before && !before.isHidden ? 1 : 0));
    },
    async removeRoomMember(roomId, userId) {
      const members = rooms.get(roomId);
      const before = members?.get(userId);
      if (!members || !before) return;
      members.delete(userId);
      if (!before.isHidden) countShown(roomId, -1);
      if (members.size === 0) rooms.delete(roomId);
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
    async roomPage(roomId, offset, limit) {
      const users: OnlineUser[] = [];
      let index = 0;
      for (const member of rooms.get(roomId)?.values() ?? []) {
        if (member.isHidden) continue;
        if (index++ < offset) continue;
        if (users.length === limit) break;
        users.push(member);
      }
      return { users, total: shown.get(roomId) ?? 0 };
    },
    async roomSize(roomId) {
      return shown.get(roomId) ?? 0;
    },
    async roomCounts() {
      return new Map(shown);
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
