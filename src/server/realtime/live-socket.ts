import { channel, type AppSocket } from './types';

/**
 * A live socket as the services see it: who holds it, which room it is in, and how to move it
 * between rooms. Services never touch Socket.IO directly.
 */
export interface LiveSocket {
  readonly id: string;
  readonly userId: number;
  /** The device the handshake named, if any (flood control counts a device's accounts together). */
  readonly deviceId: string | null;
  readonly connected: boolean;
  roomId: string | null;
  lastJoinAt: number;
  lastTypingAt: number;
  lastPrivateTypingAt: number;
  /** Moves the socket's broadcast membership from `previous` to `roomId`. */
  moveTo(roomId: string, previous: string | null): Promise<void>;
}

export function liveSocketOf(socket: AppSocket): LiveSocket {
  const data = socket.data;
  return {
    id: socket.id,
    userId: data.userId,
    deviceId: data.deviceId,
    get connected() {
      return socket.connected;
    },
    get roomId() {
      return data.roomId;
    },
    set roomId(value) {
      data.roomId = value;
    },
    get lastJoinAt() {
      return data.lastJoinAt;
    },
    set lastJoinAt(value) {
      data.lastJoinAt = value;
    },
    get lastTypingAt() {
      return data.lastTypingAt;
    },
    set lastTypingAt(value) {
      data.lastTypingAt = value;
    },
    get lastPrivateTypingAt() {
      return data.lastPrivateTypingAt;
    },
    set lastPrivateTypingAt(value) {
      data.lastPrivateTypingAt = value;
    },
    async moveTo(roomId, previous) {
      if (previous) await socket.leave(channel.room(previous));
      await socket.join(channel.room(roomId));
    },
  };
}
