/**
 * The whole socket protocol in one registry, gathered from one file per feature (system, rooms,
 * presence, messages, private messages, moderation, users, reactions, notifications, friends,
 * ignore, settings, voice, walls, stories): every event the client may send (its payload schema, parsed on the
 * server, and its acknowledgement), every event the server sends, and every type of the `message`
 * envelope (spec §7). Handlers, emitters, the browser client and the event table in
 * docs/architecture.md are all derived from these maps. How names are chosen: names.ts.
 */
import * as z from 'zod/mini';
import { sanctionKindSchema } from '../entities/moderation';
import { friendsEnvelopes } from './friends';
import { ignoreEnvelopes } from './ignore';
import { messagesClientEvents, messagesEnvelopes } from './messages';
import { moderationEnvelopes, moderationServerEvents } from './moderation';
import { notificationsEnvelopes, notificationsServerEvents } from './notifications';
import { presenceEnvelopes } from './presence';
import { privateMessagesClientEvents, privateMessagesEnvelopes, privateMessagesServerEvents } from './private-messages';
import { reactionsEnvelopes } from './reactions';
import { serverEvent, type Ack, type SocketErrorPayload } from './registry';
import { roomsClientEvents, roomsEnvelopes, roomsServerEvents } from './rooms';
import { settingsEnvelopes } from './settings';
import { storiesEnvelopes } from './stories';
import { systemClientEvents, systemServerEvents } from './system';
import { usersEnvelopes } from './users';
import { voiceClientEvents, voiceServerEvents } from './voice';
import { wallsEnvelopes } from './walls';

export {
  MIN_CLIENT_PROTOCOL,
  PROTOCOL_VERSION,
  connectRefusal,
  handshakeAuthSchema,
  handshakeQuerySchema,
} from './handshake';
export type { ConnectRefusal } from './handshake';
export { socketErrorSchema, type Ack, type AckReply, type SocketErrorPayload } from './registry';
export { authPayloadSchema, clientPingPayloadSchema, goingBackgroundPayloadSchema } from './system';
export { joinRoomPayloadSchema, roomCountIn, roomUpdateSchema, type RoomUpdate } from './rooms';
export { publicMessagePayloadSchema, typingPayloadSchema } from './messages';
export { privateTypingPayloadSchema } from './private-messages';
export { restrictionsSchema, type Restrictions } from './moderation';
export { sanctionKindSchema };

// ---- Client → server ------------------------------------------------------------------------

export const clientEvents = {
  ...systemClientEvents,
  ...roomsClientEvents,
  ...messagesClientEvents,
  ...privateMessagesClientEvents,
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

/** The `message` envelope types (spec §7). */
export const envelopes = {
  ...roomsEnvelopes,
  ...presenceEnvelopes,
  ...messagesEnvelopes,
  ...privateMessagesEnvelopes,
  ...moderationEnvelopes,
  ...usersEnvelopes,
  ...reactionsEnvelopes,
  ...notificationsEnvelopes,
  ...friendsEnvelopes,
  ...ignoreEnvelopes,
  ...settingsEnvelopes,
  ...wallsEnvelopes,
  ...storiesEnvelopes,
};

export type EnvelopeType = keyof typeof envelopes;
export type Envelope<T extends EnvelopeType> = z.infer<(typeof envelopes)[T]['schema']>;
export type MessageEnvelope = { [T in EnvelopeType]: Envelope<T> }[EnvelopeType];

export const serverEvents = {
  ...systemServerEvents,
  ...roomsServerEvents,
  ...privateMessagesServerEvents,
  ...moderationServerEvents,
  ...notificationsServerEvents,
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
