import * as z from 'zod/mini';
import type { ErrorCode } from '../api/errors';
import { clientMessageIdSchema, messageContentSchema, normalizeHexColor, type Message } from '../entities/message';
import { roomIdSchema, type Room } from '../entities/room';
import type { OnlineUser, SelfUser } from '../entities/user';

// ---- Payloads the client sends (parsed with these schemas on the server) --------------------

/** Spec §7 `auth`. Identity comes from the session cookie; userId must match it. */
export const authPayloadSchema = z.object({
  userId: z.int().check(z.positive()),
  username: z.optional(z.string()),
  userType: z.optional(z.string()),
  reconnect: z.optional(z.boolean()),
  reconnectAttempt: z.optional(z.int().check(z.gte(0))),
  timestamp: z.optional(z.number()),
});
export type AuthPayload = z.infer<typeof authPayloadSchema>;

/** Spec §7 `joinRoom`. userId and username are accepted for compatibility and ignored. */
export const joinRoomPayloadSchema = z.object({
  roomId: roomIdSchema,
  userId: z.optional(z.unknown()),
  username: z.optional(z.unknown()),
});
export type JoinRoomPayload = z.input<typeof joinRoomPayloadSchema>;

/**
 * Spec §7 `publicMessage`. senderId, isPrivate and receiverId are accepted and ignored: the sender
 * is always the session's user. An invalid colour is ignored (spec §5), not refused.
 */
export const publicMessagePayloadSchema = z.object({
  roomId: roomIdSchema,
  content: messageContentSchema,
  messageType: z._default(z.literal('text', { error: 'VALIDATION_ERROR' }), 'text'),
  textColor: z.pipe(z.optional(z.unknown()), z.transform(normalizeHexColor)),
  bold: z._default(z.boolean(), false),
  clientMessageId: z.optional(clientMessageIdSchema),
  senderId: z.optional(z.unknown()),
  isPrivate: z.optional(z.unknown()),
  receiverId: z.optional(z.unknown()),
});
export type PublicMessagePayload = z.input<typeof publicMessagePayloadSchema>;

export const typingPayloadSchema = z.object({ roomId: roomIdSchema, isTyping: z.boolean() });
export type TypingPayload = z.infer<typeof typingPayloadSchema>;

/** `going_background` carries nothing we read. */
export const goingBackgroundPayloadSchema = z.optional(z.unknown());

/** `client_ping`, with or without a payload. */
export const clientPingPayloadSchema = z.optional(z.object({ timestamp: z.optional(z.number()) }));
export type ClientPingPayload = z.infer<typeof clientPingPayloadSchema>;

// ---- What the server sends ------------------------------------------------------------------

export interface SocketErrorPayload {
  code: ErrorCode;
  message: string;
  /** The event that was refused. */
  action?: string;
  /** Seconds left on a temporary restriction. */
  timeLeft?: number;
}

export type Ack<T> = (reply: ({ ok: true } & T) | ({ ok: false } & SocketErrorPayload)) => void;

export type RoomUpdate =
  { type: 'userCountUpdate'; roomId: string; userCount: number } | { type: 'roomChanged'; roomId: string; room: Room };

/** The `message` envelope (spec §7). Types are added here as features arrive. */
export type MessageEnvelope =
  | { type: 'newMessage'; message: Message }
  | { type: 'typing'; roomId: string; userId: number; username: string; isTyping: boolean }
  | { type: 'onlineUsers'; roomId: string; users: OnlineUser[] }
  | { type: 'roomJoined'; roomId: string; room: Room }
  | { type: 'userConnected'; roomId: string; user: OnlineUser }
  | { type: 'userDisconnected'; roomId: string; userId: number; username: string }
  /** Several arrivals or departures within a moment, sent as one (a reconnect storm). */
  | { type: 'usersConnected'; roomId: string; users: OnlineUser[] }
  | { type: 'usersDisconnected'; roomId: string; users: { id: number; username: string }[] };

export interface ServerToClientEvents {
  authenticated: (payload: { user: SelfUser; serverTime: number }) => void;
  client_pong: (payload: { timestamp: number | null; serverTime: number }) => void;
  error: (payload: SocketErrorPayload) => void;
  roomUpdate: (payload: RoomUpdate) => void;
  message: (envelope: MessageEnvelope) => void;
}

export interface ClientToServerEvents {
  auth: (payload: AuthPayload) => void;
  joinRoom: (payload: JoinRoomPayload, ack?: Ack<{ roomId: string }>) => void;
  publicMessage: (payload: PublicMessagePayload, ack?: Ack<{ message: Message }>) => void;
  typing: (payload: TypingPayload) => void;
  client_ping: (payload?: ClientPingPayload) => void;
  going_background: () => void;
}

/** Fields the handshake query carries (spec §7). All optional; recorded for diagnostics. */
export const handshakeQuerySchema = z.partial(
  z.object({
    deviceId: z.string().check(z.maxLength(64)),
    userAgent: z.string().check(z.maxLength(512)),
    screen: z.string().check(z.maxLength(32)),
    connectionType: z.string().check(z.maxLength(32)),
    timezone: z.string().check(z.maxLength(64)),
    language: z.string().check(z.maxLength(32)),
    platform: z.string().check(z.maxLength(64)),
  }),
);
