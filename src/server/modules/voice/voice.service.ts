import type { Room } from '../../../shared/entities/room';
import { can, type Actor } from '../../../shared/policy';
import type { SpeakerRemovedReason } from '../../../shared/realtime/voice';
import type { VoiceConfig } from '../../../shared/api/voice';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { RoomRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import { fullBucket, takeTokens, type Bucket } from '../../limits/token-buckets';
import { barredError } from '../moderation';
import type { RoomsService } from '../rooms';
import type { LiveUsers } from '../users';
import { iceServersFor, type IceSettings } from './ice-servers';
import type { SignalData, SignalKind } from './signal';
import type { VoiceChange, VoiceRepo, VoiceSnapshot } from './voice.repo';

/**
 * Signalling bytes one socket may relay (every event also spends from the socket's general event
 * budget): a burst of 192 KiB (a speaker answering a room of listeners at once, 3–6 KB an offer),
 * then 20 KiB a second. A socket pushing large SDPs in a loop is refused long before it costs
 * anyone else anything.
 */
export const SIGNAL_BYTES = { capacity: 192 * 1024, refillMs: 0.05 } as const;
/** How often turns are checked, when a turn length is set. */
const TURN_CHECK_MS = 5000;

export interface VoiceLimits {
  maxSpeakers: number;
  /** 0: speakers keep the microphone until they step down or are removed. */
  turnSeconds: number;
}

/** One socket as the voice service sees it: who holds it, its chat room, its voice session. */
export interface VoiceSocket {
  readonly id: string;
  readonly userId: number;
  /** The chat room the socket is in. */
  readonly roomId: string | null;
  /** Whether the socket is in `roomId`'s voice session (on this node, as Socket.IO knows it). */
  inVoice(roomId: string): boolean;
  enterVoice(roomId: string): Promise<void>;
  exitVoice(roomId: string): Promise<void>;
}

const without = (list: number[], userId: number) => list.filter((id) => id !== userId);

export function createVoiceService(deps: {
  repo: VoiceRepo;
  rooms: RoomsService;
  liveUsers: LiveUsers;
  bus: DomainEventBus;
  clock: Clock;
  limits: VoiceLimits;
  ice: IceSettings;
  onError: (error: unknown) => void;
}) {
  const { repo, rooms, liveUsers, bus, clock, limits } = deps;
  const budgets = new Map<string, Bucket>();

  /** A broadcast room (voice exists only there), as this node knows it. */
  async function broadcastRoom(roomId: string): Promise<RoomRow> {
    const row = await rooms.row(roomId);
    if (!row.isBroadcast) throw new AppError('VOICE_NOT_AVAILABLE', 404);
    return row;
  }

  const isMember = (snapshot: VoiceSnapshot, userId: number) => snapshot.members.some((m) => m.userId === userId);

  /** Applies a decision under the room's lock; every node and client hears of the new state. */
  async function change<T>(
    roomId: string,
    decide: (snapshot: VoiceSnapshot) => VoiceChange<T>,
  ): Promise<{ room: Room; result: T }> {
    const outcome = await repo.change(roomId, new Date(clock.now()), decide);
    if (!outcome) throw new AppError('ROOM_NOT_FOUND', 404);
    if (outcome.changed) rooms.changed(outcome.row);
    return { room: await rooms.get(roomId), result: outcome.result };
  }

  /** Takes `userId` out of a room's voice: off the speakers and the queue, and out of the session if `leave`. */
  async function drop(
    roomId: string,
    userId: number,
    reason: SpeakerRemovedReason,
    leave: { socketId?: string } | null,
  ): Promise<void> {
    const { result: wasSpeaker } = await change(roomId, ({ room, members }) => {
      const holds = members.find((m) => m.userId === userId);
      // A newer tab took the session over: the old socket's departure changes nothing.
      if (leave?.socketId && holds && holds.socketId !== leave.socketId)
        return { speakers: room.speakers, micQueue: room.micQueue, result: false };
      return {
        speakers: without(room.speakers, userId),
        micQueue: without(room.micQueue, userId),
        removeMembers: leave ? [{ userId, socketId: leave.socketId }] : [],
        result: room.speakers.includes(userId),
      };
    });
    if (wasSpeaker) bus.publish('voice.speakerRemoved', { roomId, userId, reason });
    if (leave) bus.publish('voice.left', { roomId, userId, socketId: leave.socketId ?? null });
  }

  const turnTimer =
    limits.turnSeconds > 0
      ? clock.every(TURN_CHECK_MS, () => {
          const startedBefore = new Date(clock.now() - limits.turnSeconds * 1000);
          void repo
            .turnsOver(startedBefore)
            .then((rows) =>
              Promise.all(
                rows.map((row) =>
                  change(row.roomId, ({ room, members }) => {
                    const since = members.find((m) => m.userId === row.userId)?.speakingSince;
                    // Checked again under the lock: another node may have ended this turn already.
                    const over = room.speakers.includes(row.userId) && since != null && since < startedBefore;
                    return {
                      speakers: over ? without(room.speakers, row.userId) : room.speakers,
                      micQueue: room.micQueue,
                      result: over,
                    };
                  }).then(({ result }) => {
                    if (result)
                      bus.publish('voice.speakerRemoved', {
                        roomId: row.roomId,
                        userId: row.userId,
                        reason: 'turnEnded',
                      });
                  }),
                ),
              ),
            )
            .catch(deps.onError);
        })
      : null;

  // Leaving the room (last tab, after the grace period) ends the session there; a sanction ends
  // the turn at the microphone (mute) or the session (kick, ban, block).
  const offs = [
    bus.subscribe(
      'presence.left',
      ({ roomId, user }) =>
        void repo
          .byUser(user.id)
          .then((sessions) =>
            sessions.some((member) => member.roomId === roomId) ? drop(roomId, user.id, 'left', {}) : undefined,
          )
          .catch(deps.onError),
    ),
    bus.subscribe(
      'user.sanctioned',
      ({ sanction, target }) =>
        void repo
          .byUser(target.id)
          .then(async (sessions) => {
            for (const member of sessions)
              await drop(member.roomId, target.id, 'sanctioned', sanction.kind === 'mute' ? null : {});
          })
          .catch(deps.onError),
    ),
  ];

  return {
    /** ICE servers for this user (TURN credentials made now, expiring), and the room limits. */
    config(userId: number): VoiceConfig {
      const { iceServers, ttl } = iceServersFor(deps.ice, userId, clock.now());
      return { iceServers, credentialTtl: ttl, maxSpeakers: limits.maxSpeakers, turnSeconds: limits.turnSeconds };
    },

    /** The socket joins its room's voice session as a listener (one session per user, the latest tab). */
    async join(socket: VoiceSocket, roomId: string): Promise<Room> {
      const user = await liveUsers.current(socket.userId);
      authorize(user.actor, 'joinVoice');
      const barred = barredError(user.restrictions, clock.now());
      if (barred) throw barred;
      if (socket.roomId !== roomId) throw new AppError('ROOM_NOT_JOINED', 409);
      await broadcastRoom(roomId);
      const { elsewhere, replaced } = await repo.join(roomId, socket.userId, socket.id, new Date(clock.now()));
      for (const other of elsewhere) await drop(other.roomId, socket.userId, 'left', { socketId: other.socketId });
      if (replaced) bus.publish('voice.left', { roomId, userId: socket.userId, socketId: replaced });
      await socket.enterVoice(roomId);
      return rooms.get(roomId);
    },

    /** The socket leaves the session (button, or its chat room changed). */
    async leave(socket: VoiceSocket, roomId: string): Promise<void> {
      if (!socket.inVoice(roomId)) throw new AppError('VOICE_NOT_JOINED', 409);
      // Out of the channels here at once: the cluster-wide removal (through the adapter) may
      // arrive after the acknowledgement, and no signal may pass in between.
      await socket.exitVoice(roomId);
      await drop(roomId, socket.userId, 'left', { socketId: socket.id });
    },

    /** The socket is gone: whatever session it held ends. */
    async disconnected(socketId: string): Promise<void> {
      budgets.delete(socketId);
      for (const member of await repo.bySocket(socketId))
        await drop(member.roomId, member.userId, 'left', { socketId });
    },

    /**
     * A hand goes up. The host and staff take the microphone at once (within the limit); anyone
     * else in the session joins the queue, and the host and staff hear of it.
     */
    async requestMic(actor: Actor & { username: string; gender?: string | null }, roomId: string): Promise<Room> {
      const row = await broadcastRoom(roomId);
      const user = await liveUsers.lookup(actor.id);
      const now = clock.now();
      if (user.restrictions.mutedUntil !== null && user.restrictions.mutedUntil > now) throw new AppError('MUTED', 403);
      const hosts = can(actor, 'hostVoice', row);
      const { room, result } = await change(roomId, (snapshot) => {
        const { room: current } = snapshot;
        if (!isMember(snapshot, actor.id)) throw new AppError('VOICE_NOT_JOINED', 409);
        if (current.speakers.includes(actor.id))
          return { speakers: current.speakers, micQueue: current.micQueue, result: 'none' as const };
        if (hosts) {
          if (current.speakers.length >= limits.maxSpeakers) throw new AppError('VOICE_SPEAKERS_FULL', 409);
          return {
            speakers: [...current.speakers, actor.id],
            micQueue: without(current.micQueue, actor.id),
            result: 'speaking' as const,
          };
        }
        if (current.micQueue.includes(actor.id))
          return { speakers: current.speakers, micQueue: current.micQueue, result: 'none' as const };
        return { speakers: current.speakers, micQueue: [...current.micQueue, actor.id], result: 'queued' as const };
      });
      if (result === 'queued')
        bus.publish('voice.micRequested', {
          roomId,
          userId: actor.id,
          username: actor.username,
          gender: actor.gender ?? null,
          hostId: room.hostId,
        });
      if (result === 'speaking') bus.publish('voice.micApproved', { roomId, userId: actor.id });
      return room;
    },

    async lowerHand(actor: Actor, roomId: string): Promise<Room> {
      await broadcastRoom(roomId);
      const { room } = await change(roomId, ({ room: current }) => ({
        speakers: current.speakers,
        micQueue: without(current.micQueue, actor.id),
        result: null,
      }));
      return room;
    },

    /** The host (or staff) brings `userId` up from the queue, within the speaker limit. */
    async approve(actor: Actor, roomId: string, userId: number): Promise<Room> {
      const { room } = await change(roomId, (snapshot) => {
        const { room: current } = snapshot;
        if (!current.isBroadcast || !current.isActive) throw new AppError('VOICE_NOT_AVAILABLE', 404);
        // Read under the lock: a host set a moment ago on another node counts.
        authorize(actor, 'hostVoice', current);
        if (!current.micQueue.includes(userId)) throw new AppError('VOICE_NOT_IN_QUEUE', 409);
        if (!isMember(snapshot, userId)) throw new AppError('VOICE_TARGET_ABSENT', 409);
        if (current.speakers.length >= limits.maxSpeakers) throw new AppError('VOICE_SPEAKERS_FULL', 409);
        return { speakers: [...current.speakers, userId], micQueue: without(current.micQueue, userId), result: null };
      });
      bus.publish('voice.micApproved', { roomId, userId });
      return room;
    },

    async reject(actor: Actor, roomId: string, userId: number): Promise<Room> {
      const { room } = await change(roomId, ({ room: current }) => {
        if (!current.isBroadcast || !current.isActive) throw new AppError('VOICE_NOT_AVAILABLE', 404);
        authorize(actor, 'hostVoice', current);
        if (!current.micQueue.includes(userId)) throw new AppError('VOICE_NOT_IN_QUEUE', 409);
        return { speakers: current.speakers, micQueue: without(current.micQueue, userId), result: null };
      });
      bus.publish('voice.micRejected', { roomId, userId, hostId: room.hostId });
      return room;
    },

    /** The host (or staff) sends a speaker back, or a speaker steps down. */
    async removeSpeaker(actor: Actor, roomId: string, userId: number): Promise<Room> {
      const { room } = await change(roomId, ({ room: current }) => {
        if (!current.isBroadcast || !current.isActive) throw new AppError('VOICE_NOT_AVAILABLE', 404);
        authorize(actor, 'removeSpeaker', current, userId);
        if (!current.speakers.includes(userId)) throw new AppError('VOICE_NOT_SPEAKER', 409);
        return { speakers: without(current.speakers, userId), micQueue: current.micQueue, result: null };
      });
      bus.publish('voice.speakerRemoved', { roomId, userId, reason: actor.id === userId ? 'steppedDown' : 'removed' });
      return room;
    },

    /** Staff name (or clear) a broadcast room's host. */
    async setHost(actor: Actor, roomId: string, hostId: number | null): Promise<Room> {
      authorize(actor, 'setVoiceHost');
      await broadcastRoom(roomId);
      if (hostId !== null)
        await liveUsers.lookup(hostId).catch(() => Promise.reject(new AppError('USER_NOT_FOUND', 404)));
      return rooms.setHost(roomId, hostId);
    },

    /**
     * Relays one signal to `targetUserId` in the same session. The sender must be in the session
     * through this socket, and the sender named is always the socket's user.
     */
    signal(socket: VoiceSocket, kind: SignalKind, roomId: string, targetUserId: number, data: SignalData): void {
      const bucket = budgets.get(socket.id) ?? fullBucket(SIGNAL_BYTES.capacity, clock.now());
      budgets.set(socket.id, bucket);
      const cost = 64 + ('sdp' in data ? data.sdp.length : 'candidate' in data ? data.candidate.candidate.length : 0);
      if (!takeTokens(bucket, clock.now(), SIGNAL_BYTES.capacity, SIGNAL_BYTES.refillMs, cost))
        throw new AppError('RATE_LIMITED', 429);
      if (socket.roomId !== roomId || !socket.inVoice(roomId)) throw new AppError('VOICE_NOT_JOINED', 403);
      if (targetUserId === socket.userId) throw new AppError('CANNOT_TARGET_SELF', 400);
      bus.publish('voice.signal', { kind, roomId, senderId: socket.userId, targetUserId, data });
    },

    /** On a single node's start nobody is connected: no session survives a restart. */
    reset: () => repo.clearAll(),

    stop(): void {
      turnTimer?.cancel();
      for (const off of offs) off();
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
