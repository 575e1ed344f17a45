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

/**
 * What nodes tell each other through the adapter. Modules add their own messages to this
 * interface (`declare module` in their `*.gateway.ts`): the transport carries them, typed.
 */
export interface InterServerEvents {
  /** A cached record changed: each node holding a copy of a record of that kind reads it again. */
  invalidate: (target: { kind: string; id: string }) => void;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/**
 * Socket.IO room names every module may address: one per chat room, per user (all their tabs),
 * per session, per device, and staff. A module's own channels live in the module.
 */
export const channel = {
  room: (roomId: string) => `room:${roomId}`,
  user: (userId: number) => `user:${userId}`,
  session: (sessionId: string) => `session:${sessionId}`,
  /** Every socket opened from one device (the handshake's device id), whatever account it carries. */
  device: (deviceId: string) => `device:${deviceId}`,
  staff: 'staff',
};
