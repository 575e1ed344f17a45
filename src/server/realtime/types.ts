import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../../shared/realtime/protocol';
import type { Bucket } from '../limits/token-buckets';

/** What the server remembers about each socket: plain values (kept across a connection recovery). */
export interface SocketData {
  sessionId: string;
  /** Whose socket it is; their current record is in live-users, never copied here. */
  userId: number;
  deviceId: string | null;
  address: string;
  /** The room this socket is in, if any. */
  roomId: string | null;
  lastJoinAt: number;
  lastTypingAt: number;
  /** Last private typing notice relayed (its own allowance, apart from the room's). */
  lastPrivateTypingAt: number;
  /** Every event the socket sends spends from this, accepted or refused. */
  budget: Bucket;
}

/** What nodes tell each other (through the adapter) so their caches follow a change. */
export interface InterServerEvents {
  invalidate: (target: { kind: 'user' | 'room'; id: string }) => void;
  /** A room was deleted: each node moves its own sockets inside it to `movedTo`. */
  evacuate: (target: { roomId: string; movedTo: string }) => void;
  /** The word filter changed: each node reads it again, then answers. */
  wordsChanged: (done: (reloaded: boolean) => void) => void;
  /** The owner changed the site theme: each node renders pages in it. */
  siteThemeChanged: (theme: string) => void;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Socket.IO room names: one per chat room, per user (all their tabs), per session, and staff. */
export const channel = {
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every socket opened from one device (the handshake's device id), whatever account it carries. */
  device: (deviceId: string) => `device:${deviceId}`,
  staff: 'staff',
  /** Every socket of everyone who ignores `userId`: what that user does is not sent to them. */
  ignoring: (userId: number) => `ignoring:${userId}`,
};
