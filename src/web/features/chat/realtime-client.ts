import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { draftMessage, type ListedMessage, mergeMessages } from '../../../shared/entities/message';
import { latestMessagesResponseSchema } from '../../../shared/api/messages';
import { isVirtualRoomId } from '../../../shared/entities/room';
import { onlineUserSchema, type OnlineUser, type PublicUser } from '../../../shared/entities/user';
import {
  JOIN_THROTTLE_MS,
  MESSAGES,
  PING,
  REJOIN_DELAY_MS,
  SOCKET,
  TYPING_INDICATOR_MS,
} from '../../../shared/constants';
import type { ClientToServerEvents, MessageEnvelope, ServerToClientEvents } from '../../../shared/realtime/protocol';
import type { ClientPayload } from '../../../shared/realtime/protocol';
type PublicMessagePayload = ClientPayload<'publicMessage'>;
import { apiRequest } from '../../lib/api';
import { deviceId } from '../../lib/device-id';
import { showError } from '../../lib/toast';
import type { SessionStore } from '../session/session-store';
import { applyRoomUpdate, upsertRoom } from '../rooms/rooms-query';
import { CHAT_TEXTS } from './texts';

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'error';

export interface TypingEntry {
  userId: number;
  username: string;
  until: number;
}

export interface RoomView {
  messages: ListedMessage[];
  users: OnlineUser[];
  typing: TypingEntry[];
  /** History has been loaded at least once. */
  loaded: boolean;
}

export interface RealtimeState {
  connection: ConnectionStatus;
  /** False until the first successful connection: decides between 'failed' and 'lost'. */
  everConnected: boolean;
  /** The room the server confirmed we are in. */
  joinedRoomId: string | null;
  rooms: Record<string, RoomView>;
}

export interface ComposerStyle {
  textColor: string;
  bold: boolean;
}

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Listener = () => void;

const EMPTY_ROOM: RoomView = { messages: [], users: [], typing: [], loaded: false };
const ACK_TIMEOUT_MS = 10_000;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function handshakeQuery(): Record<string, string> {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection;
  return {
    deviceId: deviceId(),
    userAgent: navigator.userAgent.slice(0, 500),
    screen: `${screen.width}x${screen.height}`,
    connectionType: connection?.effectiveType ?? 'unknown',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
    language: navigator.language,
    platform:
      (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
      navigator.platform ??
      '',
  };
}

/**
 * The chat's live connection: one socket per tab, the spec's join and reconnect rules, and the
 * per-room view (messages, online users, typing) the screens render from.
 */
export class RealtimeClient {
  private state: RealtimeState = { connection: 'connecting', everConnected: false, joinedRoomId: null, rooms: {} };
  private readonly listeners = new Set<Listener>();
  private readonly socket: AppSocket;
  private localSeq = 0;
  private lastJoinAt = 0;
  /** The room a join is in flight for. */
  private joining: string | null = null;
  private joinTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private typingTimer: ReturnType<typeof setInterval> | undefined;
  /** Sent but not acknowledged; re-sent after a reconnect (the server stores each id once). */
  private readonly outbox = new Map<string, PublicMessagePayload>();
  /** Room messages that arrived while the tab was hidden, applied when it is visible again. */
  private hiddenBuffer: ListedMessage[] = [];
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly session: SessionStore,
    private readonly queryClient: QueryClient,
  ) {
    this.socket = io({
      path: SOCKET.path,
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: SOCKET.reconnectionDelayMs,
      reconnectionDelayMax: SOCKET.reconnectionDelayMaxMs,
      timeout: SOCKET.timeoutMs,
      withCredentials: true,
      query: handshakeQuery(),
      autoConnect: false,
    });
  }

  // ---- store ------------------------------------------------------------------------------

  getState = (): RealtimeState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<RealtimeState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private updateRoom(roomId: string, change: (room: RoomView) => RoomView): void {
    const current = this.state.rooms[roomId] ?? EMPTY_ROOM;
    const next = change(current);
    if (next !== current) this.set({ rooms: { ...this.state.rooms, [roomId]: next } });
  }

  // ---- lifecycle --------------------------------------------------------------------------

  start(): void {
    this.wire();
    this.socket.connect();
    this.schedulePing();
    this.typingTimer = setInterval(() => this.expireTyping(), 1000);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') this.goBackground();
      else this.flushHidden();
      this.schedulePing();
    };
    const onPageHide = () => navigator.sendBeacon?.('/api/ping');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    this.cleanups.push(
      () => document.removeEventListener('visibilitychange', onVisibility),
      () => window.removeEventListener('pagehide', onPageHide),
    );
  }

  stop(): void {
    clearTimeout(this.joinTimer);
    clearInterval(this.pingTimer);
    clearInterval(this.typingTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }

  private goBackground(): void {
    navigator.sendBeacon?.('/api/ping');
    if (this.socket.connected) this.socket.emit('going_background');
  }

  /** client_ping every 20 s, every 30 s while the tab is hidden. */
  private schedulePing(): void {
    clearInterval(this.pingTimer);
    const every = document.visibilityState === 'hidden' ? PING.backgroundMs : PING.foregroundMs;
    this.pingTimer = setInterval(() => {
      if (this.socket.connected) this.socket.emit('client_ping', { timestamp: Date.now() });
    }, every);
  }

  private wire(): void {
    const socket = this.socket;
    socket.on('connect', () => {
      this.set({ connection: 'connected', everConnected: true });
      const record = this.session.getState().record;
      if (!record) return;
      socket.emit('auth', {
        userId: record.userId,
        username: record.username,
        userType: record.userType,
        reconnect: socket.recovered || this.state.joinedRoomId !== null,
        reconnectAttempt: 0,
        timestamp: Date.now(),
      });
    });

    socket.on('authenticated', ({ user }) => {
      this.session.updateUser(user);
      const roomId = this.session.getState().roomId;
      if (!roomId) return;
      // The saved room is joined again; a little later if it is already the current one.
      if (roomId === this.state.joinedRoomId) {
        this.set({ joinedRoomId: null });
        setTimeout(() => this.joinRoom(roomId), REJOIN_DELAY_MS);
      } else this.joinRoom(roomId);
    });

    socket.on('connect_error', (error) => {
      if (error.message === 'UNAUTHORIZED') {
        this.session.expire();
        return;
      }
      this.set({ connection: 'error' });
    });

    socket.on('disconnect', (reason) => {
      this.set({ connection: 'disconnected' });
      // The server closed us (e.g. a logout elsewhere): try again; a dead session is refused.
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), SOCKET.reconnectionDelayMs);
    });

    socket.on('client_pong', () => undefined);
    socket.on('roomUpdate', (update) => applyRoomUpdate(this.queryClient, update));
    socket.on('error', (payload) => showError(payload.message));
    socket.on('message', (envelope) => this.onEnvelope(envelope));
  }

  // ---- rooms ------------------------------------------------------------------------------

  /**
   * Joins a room: at most one join per 1.5 s (a later request waits its turn), kept pending
   * while disconnected, never for the virtual rooms 'public' and 'friends'.
   */
  joinRoom(roomId: string): void {
    if (isVirtualRoomId(roomId) || roomId === this.state.joinedRoomId || roomId === this.joining) return;
    clearTimeout(this.joinTimer);
    const wait = this.lastJoinAt + JOIN_THROTTLE_MS - Date.now();
    if (!this.socket.connected) return; // joined after `authenticated`
    if (wait > 0) {
      this.joinTimer = setTimeout(() => this.joinRoom(roomId), wait);
      return;
    }
    this.lastJoinAt = Date.now();
    this.joining = roomId;
    this.socket
      .timeout(SOCKET.timeoutMs)
      .emitWithAck('joinRoom', { roomId })
      .finally(() => {
        if (this.joining === roomId) this.joining = null;
      })
      .then((reply) => {
        if (!reply.ok) {
          const locked = reply.code === 'ROOM_LOCKED' || reply.message.includes('locked');
          showError(locked ? CHAT_TEXTS.lockedRoom : reply.message);
          if (this.session.getState().roomId === roomId) this.session.selectRoom(this.state.joinedRoomId);
          return;
        }
        this.set({ joinedRoomId: roomId });
        void this.loadHistory(roomId);
        this.resendOutbox(roomId);
      })
      .catch(() => undefined); // timed out: the next `authenticated` joins again
  }

  /** On entry the latest 12; after a reconnect, everything since the last message we have. */
  private async loadHistory(roomId: string): Promise<void> {
    const known = (this.state.rooms[roomId]?.messages ?? []).filter((m) => m.id > 0);
    const lastId = known.at(-1)?.id;
    const path =
      lastId === undefined
        ? `/api/messages/room/${encodeURIComponent(roomId)}/latest?limit=${MESSAGES.latestOnEntry}`
        : `/api/messages/room/${encodeURIComponent(roomId)}/since?limit=${MESSAGES.sinceMaxLimit}&sinceId=${lastId}`;
    try {
      const { messages } = await apiRequest(path, { schema: latestMessagesResponseSchema });
      this.updateRoom(roomId, (room) => ({ ...room, loaded: true, messages: mergeMessages(room.messages, messages) }));
    } catch (error) {
      this.updateRoom(roomId, (room) => ({ ...room, loaded: true }));
      showError(error);
    }
  }

  // ---- incoming ---------------------------------------------------------------------------

  private onEnvelope(envelope: MessageEnvelope): void {
    switch (envelope.type) {
      case 'newMessage': {
        const message = envelope.message;
        if (!message.roomId) return;
        if (document.visibilityState === 'hidden') {
          this.hiddenBuffer.push(message);
          return;
        }
        this.addMessages(message.roomId, [message]);
        return;
      }
      case 'onlineUsers': {
        // Entries without id, username or userType are discarded (spec §5).
        const users = envelope.users.flatMap((u) => {
          const parsed = onlineUserSchema.safeParse(u);
          return parsed.success ? [parsed.data] : [];
        });
        this.updateRoom(envelope.roomId, (room) => ({ ...room, users }));
        return;
      }
      case 'userConnected':
        this.usersArrived(envelope.roomId, [envelope.user]);
        return;
      case 'usersConnected':
        this.usersArrived(envelope.roomId, envelope.users);
        return;
      case 'userDisconnected':
        this.usersLeft(envelope.roomId, [{ id: envelope.userId, username: envelope.username }]);
        return;
      case 'usersDisconnected':
        this.usersLeft(envelope.roomId, envelope.users);
        return;
      case 'typing': {
        const { roomId, userId, username, isTyping } = envelope;
        this.updateRoom(roomId, (room) => ({
          ...room,
          typing: [
            ...room.typing.filter((t) => t.userId !== userId),
            ...(isTyping ? [{ userId, username, until: Date.now() + TYPING_INDICATOR_MS }] : []),
          ],
        }));
        return;
      }
      case 'roomJoined':
        upsertRoom(this.queryClient, envelope.room);
        return;
    }
  }

  /** Arrivals join the online list and get a notice (not for ourselves, on another tab). */
  private usersArrived(roomId: string, incoming: unknown[]): void {
    const users = incoming.flatMap((u) => {
      const parsed = onlineUserSchema.safeParse(u);
      return parsed.success ? [parsed.data] : [];
    });
    if (users.length === 0) return;
    const myId = this.session.getState().record?.userId;
    const ids = new Set(users.map((u) => u.id));
    this.updateRoom(roomId, (room) => ({
      ...room,
      users: [...room.users.filter((u) => !ids.has(u.id)), ...users],
      messages: mergeMessages(
        room.messages,
        users.filter((u) => u.id !== myId).map((u) => this.notice('join', roomId, u.id, u.username)),
      ),
    }));
  }

  private usersLeft(roomId: string, gone: { id: number; username: string }[]): void {
    const ids = new Set(gone.map((u) => u.id));
    this.updateRoom(roomId, (room) => ({
      ...room,
      users: room.users.filter((u) => !ids.has(u.id)),
      typing: room.typing.filter((t) => !ids.has(t.userId)),
      messages: mergeMessages(
        room.messages,
        gone.map((u) => this.notice('leave', roomId, u.id, u.username)),
      ),
    }));
  }

  private addMessages(roomId: string, messages: ListedMessage[]): void {
    const senders = new Set(messages.map((m) => m.senderId));
    this.updateRoom(roomId, (room) => {
      const merged = mergeMessages(room.messages, messages);
      const typing = room.typing.some((t) => senders.has(t.userId))
        ? room.typing.filter((t) => !senders.has(t.userId))
        : room.typing;
      return merged === room.messages && typing === room.typing ? room : { ...room, messages: merged, typing };
    });
  }

  private flushHidden(): void {
    const buffered = this.hiddenBuffer;
    this.hiddenBuffer = [];
    const byRoom = new Map<string, ListedMessage[]>();
    for (const message of buffered) {
      if (!message.roomId) continue;
      byRoom.set(message.roomId, [...(byRoom.get(message.roomId) ?? []), message]);
    }
    for (const [roomId, messages] of byRoom) this.addMessages(roomId, messages);
  }

  private expireTyping(): void {
    const now = Date.now();
    for (const [roomId, room] of Object.entries(this.state.rooms)) {
      if (room.typing.some((t) => t.until <= now))
        this.updateRoom(roomId, (r) => ({ ...r, typing: r.typing.filter((t) => t.until > now) }));
    }
  }

  private notice(kind: 'join' | 'leave', roomId: string, userId: number, username: string): ListedMessage {
    return draftMessage({
      id: -++this.localSeq,
      roomId,
      senderId: userId,
      content: username,
      messageType: 'system',
      notice: kind,
    });
  }

  // ---- outgoing ---------------------------------------------------------------------------

  /** Shows the message at once, sends it, and replaces it with the stored copy when acknowledged. */
  sendMessage(text: string, style: ComposerStyle): boolean {
    const content = text.trim();
    const roomId = this.state.joinedRoomId;
    const me = this.session.getState().user;
    if (!content || !roomId || !me) return false;
    if ([...content].length > MESSAGES.maxLength) {
      showError(CHAT_TEXTS.messageTooLong);
      return false;
    }
    const clientMessageId = newId();
    const sender: PublicUser = me;
    this.addMessages(roomId, [
      draftMessage({
        roomId,
        id: -++this.localSeq,
        content,
        senderId: me.id,
        sender,
        textColor: style.textColor,
        bold: style.bold,
        clientMessageId,
        pending: true,
      }),
    ]);
    const payload: PublicMessagePayload = {
      roomId,
      content,
      messageType: 'text',
      textColor: style.textColor,
      bold: style.bold,
      clientMessageId,
      senderId: me.id,
    };
    this.outbox.set(clientMessageId, payload);
    this.deliver(payload);
    return true;
  }

  /** Sends a failed message again, with the same id so the server cannot store it twice. */
  retry(message: ListedMessage): void {
    if (!message.clientMessageId || !message.roomId) return;
    this.updateRoom(message.roomId, (room) => ({
      ...room,
      messages: room.messages.map((m) => (m === message ? { ...m, failed: false, pending: true } : m)),
    }));
    const payload: PublicMessagePayload = {
      roomId: message.roomId,
      content: message.content,
      messageType: 'text',
      textColor: message.textColor,
      bold: message.bold,
      clientMessageId: message.clientMessageId,
    };
    this.outbox.set(message.clientMessageId, payload);
    this.deliver(payload);
  }

  private deliver(payload: PublicMessagePayload): void {
    const id = payload.clientMessageId!;
    if (!this.socket.connected) return; // stays in the outbox until the room is joined again
    this.socket
      .timeout(ACK_TIMEOUT_MS)
      .emitWithAck('publicMessage', payload)
      .then((reply) => {
        this.outbox.delete(id);
        if (reply.ok) {
          this.addMessages(payload.roomId, [reply.message]);
          return;
        }
        this.markFailed(payload.roomId, id);
        showError(reply.message);
      })
      .catch(() => undefined); // no answer: kept for the reconnect
  }

  private resendOutbox(roomId: string): void {
    for (const payload of this.outbox.values()) if (payload.roomId === roomId) this.deliver(payload);
  }

  private markFailed(roomId: string, clientMessageId: string): void {
    this.updateRoom(roomId, (room) => ({
      ...room,
      messages: room.messages.map((m) =>
        m.pending && m.clientMessageId === clientMessageId ? { ...m, pending: false, failed: true } : m,
      ),
    }));
  }

  private lastTypingSent = 0;
  /** Tells the room we are typing, at most every 2 s; `false` clears it at once. */
  setTyping(isTyping: boolean): void {
    const roomId = this.state.joinedRoomId;
    if (!roomId || !this.socket.connected) return;
    const now = Date.now();
    if (isTyping && now - this.lastTypingSent < 2000) return;
    if (!isTyping && this.lastTypingSent === 0) return;
    this.lastTypingSent = isTyping ? now : 0;
    this.socket.emit('typing', { roomId, isTyping });
  }
}
