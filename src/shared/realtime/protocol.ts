/**
 * The whole socket protocol in one registry: every event the client may send (its payload schema,
 * parsed on the server, and its acknowledgement), every event the server sends, and every type of
 * the `message` envelope (spec §7). Handlers, emitters, the browser client and the event table in
 * docs/architecture.md are all derived from these maps.
 */
import * as z from 'zod/mini';
import { ERROR_MESSAGES, type ErrorCode } from '../api/errors';
import { sentContentSchema, sentMessageTypeSchema } from '../api/uploads';
import { userIdSchema } from '../entities/ids';
import { clientMessageIdSchema, messageSchema, normalizeHexColor } from '../entities/message';
import { roomIdSchema, roomSchema } from '../entities/room';
import { onlineUserSchema, publicUserSchema, selfUserSchema } from '../entities/user';
import { reportSchema, sanctionKindSchema } from '../entities/moderation';
import { voiceClientEvents, voiceServerEvents } from './voice';
import { lastReactionSchema, reactionsSchema, REACTION_TYPES } from '../entities/message';
import { notificationSchema } from '../api/notifications';
import { friendRequestSchema, friendSchema } from '../api/friends';
import { THEME_IDS } from '../themes/themes';

/**
 * Bumped when the protocol changes in a way an older page cannot follow. The page sends its
 * version in the handshake; a server refuses pages older than MIN_CLIENT_PROTOCOL and the page
 * asks the visitor to reload.
 */
export const PROTOCOL_VERSION = 3;
export const MIN_CLIENT_PROTOCOL = 3;

// ---- Client → server ------------------------------------------------------------------------

interface ClientEventSpec<P extends z.ZodMiniType, A extends z.ZodMiniType | null> {
  payload: P;
  /** The acknowledgement's data on success (null: the event takes no acknowledgement). */
  ack: A;
  summary: string;
}

function clientEvent<P extends z.ZodMiniType, A extends z.ZodMiniType | null = null>(
  summary: string,
  payload: P,
  ack: A = null as A,
): ClientEventSpec<P, A> {
  return { payload, ack, summary };
}

/** Spec §7 `auth`. Identity comes from the session cookie; userId must match it. */
export const authPayloadSchema = z.object({
  userId: userIdSchema,
  username: z.optional(z.string().check(z.maxLength(64))),
  userType: z.optional(z.string().check(z.maxLength(16))),
  reconnect: z.optional(z.boolean()),
  reconnectAttempt: z.optional(z.int().check(z.gte(0), z.lte(1_000_000))),
  timestamp: z.optional(z.number()),
});

/** Spec §7 `joinRoom`. userId and username are accepted for compatibility and ignored. */
export const joinRoomPayloadSchema = z.object({
  roomId: roomIdSchema,
  userId: z.optional(z.unknown()),
  username: z.optional(z.unknown()),
});

/**
 * Spec §7 `publicMessage`. senderId, isPrivate and receiverId are accepted and ignored: the sender
 * is always the session's user. An invalid colour is ignored (spec §5), not refused.
 */
export const publicMessagePayloadSchema = z.object({
  roomId: roomIdSchema,
  content: sentContentSchema,
  messageType: sentMessageTypeSchema,
  textColor: z.pipe(z.optional(z.unknown()), z.transform(normalizeHexColor)),
  bold: z._default(z.boolean(), false),
  clientMessageId: z.optional(clientMessageIdSchema),
  /** The room message this one replies to. */
  replyToId: z.optional(z.int().check(z.positive(), z.lte(Number.MAX_SAFE_INTEGER))),
  senderId: z.optional(z.unknown()),
  isPrivate: z.optional(z.unknown()),
  receiverId: z.optional(z.unknown()),
});

export const typingPayloadSchema = z.object({ roomId: roomIdSchema, isTyping: z.boolean() });
/** Spec §7 `privateTyping`: typing in a private conversation with `targetUserId`. */
export const privateTypingPayloadSchema = z.object({ targetUserId: userIdSchema, isTyping: z.boolean() });
export const clientPingPayloadSchema = z.optional(z.object({ timestamp: z.optional(z.number()) }));
/** `going_background` carries nothing we read. */
export const goingBackgroundPayloadSchema = z.optional(z.unknown());

export const clientEvents = {
  auth: clientEvent('Confirms the session after connecting; answered with `authenticated`', authPayloadSchema),
  joinRoom: clientEvent(
    'Enters a room (leaving the previous one); then `roomJoined` and `onlineUsers`',
    joinRoomPayloadSchema,
    z.object({ roomId: z.string() }),
  ),
  publicMessage: clientEvent(
    'Posts to the room the socket is in; the room gets `newMessage`',
    publicMessagePayloadSchema,
    z.object({ message: messageSchema }),
  ),
  typing: clientEvent('Typing indicator; others in the room get `typing`', typingPayloadSchema),
  privateTyping: clientEvent(
    "Typing in a private conversation; the other person's tabs get `privateTyping`",
    privateTypingPayloadSchema,
  ),
  client_ping: clientEvent('Keep-alive every 20 s (30 s hidden); answered with `client_pong`', clientPingPayloadSchema),
  going_background: clientEvent('The tab was hidden', goingBackgroundPayloadSchema),
  ...voiceClientEvents,
};

export type ClientEventName = keyof typeof clientEvents;
type ClientSpec<E extends ClientEventName> = (typeof clientEvents)[E];
/** What the client sends for `E`. */
export type ClientPayload<E extends ClientEventName> = z.input<ClientSpec<E>['payload']>;
/** What a server handler receives for `E`, after parsing. */
export type ParsedPayload<E extends ClientEventName> = z.output<ClientSpec<E>['payload']>;
/** The data a successful acknowledgement carries for `E` (void when `E` takes none). */
export type AckData<E extends ClientEventName> = ClientSpec<E>['ack'] extends z.ZodMiniType
  ? z.output<ClientSpec<E>['ack']>
  : void;

// ---- Server → client ------------------------------------------------------------------------

export const socketErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The event that was refused. */
  action: z.optional(z.string()),
  /** Seconds left on a temporary restriction. */
  timeLeft: z.optional(z.number()),
});
export interface SocketErrorPayload extends z.infer<typeof socketErrorSchema> {
  code: ErrorCode;
}

export type AckReply<T> = ({ ok: true } & T) | ({ ok: false } & SocketErrorPayload);
export type Ack<T> = (reply: AckReply<T>) => void;

interface ServerEventSpec<S extends z.ZodMiniType> {
  schema: S;
  summary: string;
}
const serverEvent = <S extends z.ZodMiniType>(summary: string, schema: S): ServerEventSpec<S> => ({ schema, summary });

/** The `message` envelope types (spec §7). */
function envelope<T extends string, F extends z.core.$ZodLooseShape>(type: T, summary: string, fields: F) {
  return { summary, schema: z.object({ type: z.literal(type), ...fields }) };
}

const departedUserSchema = z.object({ id: z.int(), username: z.string() });

export const envelopes = {
  newMessage: envelope('newMessage', 'A message posted in the room', { message: messageSchema }),
  typing: envelope('typing', 'Someone in the room started or stopped typing', {
    roomId: z.string(),
    userId: z.int(),
    username: z.string(),
    isTyping: z.boolean(),
  }),
  onlineUsers: envelope('onlineUsers', 'Everyone in the room, sent to whoever enters', {
    roomId: z.string(),
    users: z.array(onlineUserSchema),
  }),
  roomJoined: envelope('roomJoined', 'The room the socket just entered', { roomId: z.string(), room: roomSchema }),
  userConnected: envelope('userConnected', 'One user entered the room', { roomId: z.string(), user: onlineUserSchema }),
  userDisconnected: envelope('userDisconnected', 'One user left the room', {
    roomId: z.string(),
    userId: z.int(),
    username: z.string(),
  }),
  usersConnected: envelope('usersConnected', 'Several arrivals within a moment (a reconnect storm), as one', {
    roomId: z.string(),
    users: z.array(onlineUserSchema),
  }),
  usersDisconnected: envelope('usersDisconnected', 'Several departures within a moment, as one', {
    roomId: z.string(),
    users: z.array(departedUserSchema),
  }),
  messageDeleted: envelope('messageDeleted', 'A message was deleted by its author or by staff', {
    roomId: z.string(),
    messageId: z.int(),
  }),
  friendPresence: envelope('friendPresence', 'To their friends: someone came online or went offline', {
    userId: z.int(),
    isOnline: z.boolean(),
  }),
  userDeleted: envelope(
    'userDeleted',
    'To everyone: an account was deleted with its messages, which leave every open screen (privacy page)',
    { userId: z.int() },
  ),
  moderationAction: envelope('moderationAction', 'A notice in the room: someone was kicked, muted, banned or blocked', {
    roomId: z.string(),
    action: z.enum(['kick', 'mute', 'ban', 'block', 'unmute']),
    actorName: z.string(),
    actorGender: z.nullable(z.string()),
    targetName: z.string(),
    targetGender: z.nullable(z.string()),
    reason: z.string(),
    /** Null for blocks (permanent) and lifts. */
    durationMinutes: z.nullable(z.int()),
  }),
  restrictionsChanged: envelope('restrictionsChanged', "To the user's tabs: what they may not do now, and until when", {
    mutedUntil: z.nullable(z.string()),
  }),
  reportCreated: envelope('reportCreated', 'To staff: a new report for the queue', { report: reportSchema }),
  reportHandled: envelope('reportHandled', 'To staff: a report was closed; it leaves every open queue', {
    report: reportSchema,
  }),
  systemNotification: envelope('systemNotification', 'To one user: a notice from the site (a report handled…)', {
    text: z.string(),
  }),
  conversationRead: envelope(
    'conversationRead',
    "A private conversation was read: to the reader's every tab and to the other person (who sees it read)",
    {
      readerId: z.int(),
      otherUserId: z.int(),
      /** Every message of the conversation up to this id has been read by `readerId`. */
      lastReadMessageId: z.int(),
    },
  ),
  reactionUpdated: envelope(
    'reactionUpdated',
    "A message's reactions changed: to its room, except those ignoring the reactor",
    {
      roomId: z.string(),
      messageId: z.int(),
      reactions: reactionsSchema,
      lastReaction: z.nullable(lastReactionSchema),
      /** Who changed their reaction, and to what (null: removed): their own tabs set `myReaction`. */
      reactorId: z.int(),
      reaction: z.nullable(z.enum(REACTION_TYPES)),
    },
  ),
  notificationRead: envelope('notificationRead', "To the user's tabs: a notification (or all: id null) was read", {
    id: z.nullable(z.int()),
    unreadCount: z.int(),
  }),
  notificationsCleared: envelope('notificationsCleared', "To the user's tabs: their notifications were deleted", {}),
  friendRequestReceived: envelope('friendRequestReceived', 'To the person asked (every tab): a new friend request', {
    request: friendRequestSchema,
  }),
  friendRequestAccepted: envelope('friendRequestAccepted', 'To the asker (every tab): their request was accepted', {
    request: friendRequestSchema,
  }),
  friendAdded: envelope('friendAdded', 'To both new friends (every tab): the other, as a friend', {
    friend: friendSchema,
  }),
  friendRemoved: envelope(
    'friendRemoved',
    'To both people (every tab): a friendship ended or a request was withdrawn or declined',
    { userId: z.int(), requestId: z.nullable(z.int()) },
  ),
  ignoreChanged: envelope('ignoreChanged', "To the ignorer's tabs: they started or stopped ignoring `userId`", {
    userId: z.int(),
    ignoring: z.boolean(),
  }),
  userUpdated: envelope(
    'userUpdated',
    "A user's role or profile changed: to everyone (public profile), and to the user's own tabs (their full record)",
    { user: z.union([selfUserSchema, publicUserSchema]) },
  ),
  // One small envelope per look change (spec §7), to everyone, ahead of the `userUpdated` that follows.
  usernameColorChanged: envelope('usernameColorChanged', "To everyone: a user's name colour changed", {
    userId: z.int(),
    usernameColor: z.nullable(z.string()),
  }),
  usernameGradientChanged: envelope('usernameGradientChanged', "To everyone: a user's name gradient changed (staff)", {
    userId: z.int(),
    usernameGradient: z.nullable(z.string()),
  }),
  usernameEffectChanged: envelope('usernameEffectChanged', "To everyone: a user's name effect changed (staff)", {
    userId: z.int(),
    usernameEffect: z.nullable(z.string()),
  }),
  profileEffectChanged: envelope('profileEffectChanged', "To everyone: a user's profile effect changed", {
    userId: z.int(),
    profileEffect: z.nullable(z.string()),
  }),
  user_background_updated: envelope(
    'user_background_updated',
    "To everyone: a user's profile background changed (staff)",
    { userId: z.int(), profileBackgroundColor: z.nullable(z.string()) },
  ),
  userAvatarUpdated: envelope('userAvatarUpdated', "To everyone: a user's avatar changed", {
    userId: z.int(),
    profileImage: z.nullable(z.string()),
    avatarHash: z.nullable(z.string()),
    avatarVersion: z.int(),
  }),
  selfAvatarUpdated: envelope('selfAvatarUpdated', "To the user's own tabs: their new avatar (their full record)", {
    user: selfUserSchema,
  }),
  site_theme_update: envelope('site_theme_update', 'To everyone: the owner changed the site theme', {
    siteTheme: z.enum(THEME_IDS),
  }),
};

export type EnvelopeType = keyof typeof envelopes;
export type Envelope<T extends EnvelopeType> = z.infer<(typeof envelopes)[T]['schema']>;
export type MessageEnvelope = { [T in EnvelopeType]: Envelope<T> }[EnvelopeType];

export const roomUpdateSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('userCountUpdate'), roomId: z.string(), userCount: z.int() }),
  z.object({ type: z.literal('roomChanged'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomCreated'), roomId: z.string(), room: roomSchema }),
  z.object({ type: z.literal('roomDeleted'), roomId: z.string(), movedTo: z.string() }),
]);

/** What the signed-in user may not do right now. */
export const restrictionsSchema = z.object({ mutedUntil: z.nullable(z.string()) });
export type Restrictions = z.infer<typeof restrictionsSchema>;
export type RoomUpdate = z.infer<typeof roomUpdateSchema>;

export const serverEvents = {
  authenticated: serverEvent(
    'Answer to `auth`: the full current record and current restrictions',
    z.object({ user: selfUserSchema, serverTime: z.number(), restrictions: restrictionsSchema }),
  ),
  kicked: serverEvent(
    'To the kicked user (spec §4): the countdown overlay; the socket is closed after it',
    z.object({
      moderator: z.string(),
      reason: z.string(),
      /** Minutes (spec); `until` is when it ends. */
      duration: z.int(),
      until: z.string(),
      kind: z.enum(['kick', 'ban']),
    }),
  ),
  blocked: serverEvent(
    'To the blocked user: permanent; the socket is closed after it',
    z.object({ moderator: z.string(), reason: z.string() }),
  ),
  chatLockUpdated: serverEvent(
    "To everyone: a room's chat locks changed",
    z.object({ roomId: z.string(), chatLockAll: z.boolean(), chatLockVisitors: z.boolean() }),
  ),
  client_pong: serverEvent(
    'Answer to `client_ping`',
    z.object({ timestamp: z.nullable(z.number()), serverTime: z.number() }),
  ),
  error: serverEvent('A refused event that had no acknowledgement (Arabic `message`)', socketErrorSchema),
  roomUpdate: serverEvent(
    "To everyone: a room's live count (`userCountUpdate`), its new state (`roomChanged`), a new room (`roomCreated`), or a deleted one and where its people were moved (`roomDeleted`)",
    roomUpdateSchema,
  ),
  privateMessage: serverEvent(
    'A private message, to every tab of its sender and of its receiver',
    z.object({ message: messageSchema }),
  ),
  privateTyping: serverEvent(
    'To the other person in a private conversation: `userId` started or stopped typing',
    z.object({ userId: z.int(), isTyping: z.boolean() }),
  ),
  newNotification: serverEvent(
    "To the user's every tab: a new (or grown, when grouped) notification, and the unread count",
    z.object({ notification: notificationSchema, unreadCount: z.int() }),
  ),
  message: serverEvent('The envelope; its types are listed below', z.custom<MessageEnvelope>()),
  ...voiceServerEvents,
};

export type ServerEventName = keyof typeof serverEvents;
export type ServerPayload<E extends ServerEventName> = E extends 'error'
  ? SocketErrorPayload
  : z.infer<(typeof serverEvents)[E]['schema']>;

// ---- Socket.IO typings, derived ----------------------------------------------------------------

type Emitter<E extends ClientEventName> = ClientSpec<E>['ack'] extends z.ZodMiniType
  ? (payload: ClientPayload<E>, ack?: Ack<AckData<E>>) => void
  : undefined extends ClientPayload<E>
    ? (payload?: ClientPayload<E>) => void
    : (payload: ClientPayload<E>) => void;

export type ClientToServerEvents = { [E in ClientEventName]: Emitter<E> };
export type ServerToClientEvents = { [E in ServerEventName]: (payload: ServerPayload<E>) => void };

// ---- Handshake --------------------------------------------------------------------------------

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

/** The handshake's `auth` object: the page's protocol version. */
export const handshakeAuthSchema = z.object({ protocol: z.int() });

/** Why a connection was refused (`connect_error`'s `data`). */
export interface ConnectRefusal {
  code:
    | 'UNAUTHORIZED'
    | 'CLIENT_OUTDATED'
    | 'TOO_MANY_CONNECTIONS'
    | 'FORBIDDEN_ORIGIN'
    | 'BANNED'
    | 'BLOCKED'
    | 'DEVICE_BLOCKED';
  message: string;
  /** Seconds left (bans and kicks). */
  timeLeft?: number;
}
export function connectRefusal(code: ConnectRefusal['code'], timeLeft?: number): ConnectRefusal {
  return { code, message: ERROR_MESSAGES[code], ...(timeLeft === undefined ? {} : { timeLeft }) };
}

export { sanctionKindSchema };
