import type { Server, Socket } from 'socket.io';
import type { PublicUser } from '../../shared/entities/user';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime/protocol';

/** What the server remembers about each socket; identity is set once, at the handshake. */
export interface SocketData {
  sessionId: string;
  user: PublicUser;
  usernameKey: string;
  deviceId: string | null;
  /** The room this socket is in, if any. */
  roomId: string | null;
  lastJoinAt: number;
  lastTypingAt: number;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Socket.IO room names: one per chat room, per user (all their tabs) and per session. */
export const channel = {
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
};
