import { JOIN_THROTTLE_MS, REJOIN_DELAY_MS } from '../../../../shared/constants';
import { isVirtualRoomId } from '../../../../shared/entities/room';
import type { AckData, AckReply, SocketErrorPayload } from '../../../../shared/realtime/protocol';
import { CHAT_TEXTS } from '../texts';

/** What the scheduler needs of the socket: whether it is up, and `joinRoom` with its acknowledgement. */
export interface JoinSocket {
  readonly connected: boolean;
  /** Rejects when no acknowledgement came in time. */
  join(roomId: string): Promise<AckReply<AckData<'joinRoom'>>>;
}

export interface JoinHooks {
  /** The server confirmed the join. */
  joined(roomId: string): void;
  /** The current room is being joined again after a reconnect: not usable until confirmed. */
  rejoining(roomId: string): void;
  /** The server refused; `text` is what to tell the reader, `error` the refusal itself. */
  refused(roomId: string, text: string, error: SocketErrorPayload): void;
}

/** A locked room gets the spec's own toast text (spec §4 "Room lock"). */
export function joinRefusalText(error: Pick<SocketErrorPayload, 'code' | 'message'>): string {
  return error.code === 'ROOM_LOCKED' || error.message.includes('locked') ? CHAT_TEXTS.lockedRoom : error.message;
}

/**
 * Spec §4 "Room join": at most one join per 1.5 s (a later request replaces a waiting one), kept
 * pending while disconnected, the saved room joined again after `authenticated`, and never the
 * virtual rooms 'public' and 'friends'.
 */
export class JoinScheduler {
  /** The room the server last confirmed. */
  private current: string | null = null;
  /** The room asked for and not sent yet. */
  private wanted: string | null = null;
  /** The room a join is in flight for. */
  private inFlight: string | null = null;
  private lastJoinAt = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly socket: JoinSocket,
    private readonly hooks: JoinHooks,
    private readonly now: () => number = Date.now,
  ) {}

  get currentRoomId(): string | null {
    return this.current;
  }

  /** Asks for a room; the latest request wins. */
  request(roomId: string): void {
    if (isVirtualRoomId(roomId)) return;
    if (roomId === this.inFlight || (roomId === this.current && this.inFlight === null)) {
      this.wanted = null;
      clearTimeout(this.timer);
      return;
    }
    this.wanted = roomId;
    this.schedule();
  }

  /**
   * After `authenticated`: the saved room (or a join that waited for the connection) is joined.
   * If it is the current room already, again after 600 ms, since the new socket is in no room.
   */
  authenticated(savedRoomId: string | null): void {
    const roomId = this.wanted ?? (isVirtualRoomId(savedRoomId) ? null : savedRoomId);
    if (roomId === null) return;
    if (roomId === this.current) {
      this.current = null;
      this.wanted = null;
      this.hooks.rejoining(roomId);
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.request(roomId), REJOIN_DELAY_MS);
      return;
    }
    this.request(roomId);
  }

  /** The socket dropped: a join in flight will not be answered; a waiting one stays pending. */
  disconnected(): void {
    clearTimeout(this.timer);
    if (this.inFlight !== null) this.wanted ??= this.inFlight;
    this.inFlight = null;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.wanted = null;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.socket.connected) return; // kept in `wanted` until `authenticated`
    const wait = this.lastJoinAt + JOIN_THROTTLE_MS - this.now();
    if (wait > 0) this.timer = setTimeout(() => this.send(), wait);
    else this.send();
  }

  private send(): void {
    const roomId = this.wanted;
    if (roomId === null || !this.socket.connected) return;
    this.wanted = null;
    this.inFlight = roomId;
    this.lastJoinAt = this.now();
    this.socket.join(roomId).then(
      (reply) => {
        if (this.inFlight !== roomId) return; // the connection dropped meanwhile
        this.inFlight = null;
        if (reply.ok) {
          this.current = roomId;
          this.hooks.joined(roomId);
        } else this.hooks.refused(roomId, joinRefusalText(reply), reply);
      },
      () => {
        // No answer in time: ask again (unless something else was asked for meanwhile).
        if (this.inFlight !== roomId) return;
        this.inFlight = null;
        this.wanted ??= roomId;
        this.schedule();
      },
    );
  }
}
