import type { OnlineUser } from '../../../shared/entities/user';

/**
 * Where this node publishes who it holds, and where every node reads the whole site's view.
 * Writes describe this node's own sockets only; reads merge every live node.
 */
export interface PresenceStore {
  addRoomMember(roomId: string, user: OnlineUser): Promise<void>;
  removeRoomMember(roomId: string, userId: number): Promise<void>;
  addOnline(userId: number, usernameKey: string): Promise<void>;
  removeOnline(userId: number, usernameKey: string): Promise<void>;

  roomMembers(roomId: string): Promise<OnlineUser[]>;
  hasRoomMember(roomId: string, userId: number): Promise<boolean>;
  /** One page of the people shown in a room (hidden staff left out), in arrival order, and how many there are. */
  roomPage(roomId: string, offset: number, limit: number): Promise<{ users: OnlineUser[]; total: number }>;
  /** How many people a room shows (hidden staff are not counted). */
  roomSize(roomId: string): Promise<number>;
  /** Distinct users per room that others may see (hidden staff are not counted), for every room with anyone shown in it. */
  roomCounts(): Promise<Map<string, number>>;
  isUsernameOnline(usernameKey: string): Promise<boolean>;
  onlineUserIds(userIds: number[]): Promise<Set<number>>;
  /** Everyone in a room, with the room (the staff's view of who is online). */
  allMembers(): Promise<{ roomId: string; user: OnlineUser }[]>;

  /** Counts one more socket for the user and the address; returns the site-wide totals. */
  addConnection(userId: number, address: string): Promise<{ user: number; address: number }>;
  removeConnection(userId: number, address: string): Promise<void>;

  close(): Promise<void>;
}
