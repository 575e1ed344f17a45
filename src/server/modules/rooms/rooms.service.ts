import { sortRooms, type Room } from '../../../shared/entities/room';
import type { OnlineUser } from '../../../shared/entities/user';
import type { Actor } from '../../../shared/policy';
import { authorize } from '../../authorize';
import type { Clock } from '../../clock';
import type { RoomRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../http/errors';
import type { Connection } from '../../realtime/connection';
import type { PresenceService } from '../presence/presence.service';
import type { CurrentRoomWriter } from '../users/current-room-writer';
import type { LiveUsers } from '../users/live-users';
import { barredError } from '../moderation/restrictions';
import { toRoom } from './rooms.presenter';
import type { RoomsRepo } from './rooms.repo';

/** The client waits 1.5 s between joins; the server refuses anything faster than this. */
const SERVER_JOIN_GAP_MS = 1000;

export function createRoomsService(deps: {
  repo: RoomsRepo;
  presence: PresenceService;
  liveUsers: LiveUsers;
  currentRooms: CurrentRoomWriter;
  bus: DomainEventBus;
  clock: Clock;
}) {
  const { repo, presence, liveUsers, currentRooms, bus, clock } = deps;

  /**
   * Every room row, in memory: rooms are read on every join and every message. The copy is never
   * stale: a change on this node is applied before its service call returns, a change on another
   * node makes this one re-read that room (`reload`), and a check made meanwhile waits for it.
   */
  const rows = new Map<string, RoomRow>();
  const reloading = new Map<string, Promise<void>>();
  /** Joins of one connection run one after another, whatever arrives in one burst. */
  const joinQueues = new Map<string, Promise<unknown>>();

  async function find(roomId: string): Promise<RoomRow> {
    const pending = reloading.get(roomId);
    if (pending) await pending;
    const row = rows.get(roomId);
    if (!row || !row.isActive) throw new AppError('ROOM_NOT_FOUND', 404);
    return row;
  }

  async function present(row: RoomRow): Promise<Room> {
    const counts = await presence.roomCounts();
    return toRoom(row, counts.get(row.id) ?? 0);
  }

  /** Writes a change, applies it here at once and tells everyone else. */
  async function change(roomId: string, values: Partial<RoomRow>): Promise<Room> {
    await find(roomId);
    const row = await repo.update(roomId, values);
    if (!row) throw new AppError('ROOM_NOT_FOUND', 404);
    rows.set(row.id, row);
    bus.publish('room.changed', { room: row });
    return present(row);
  }

  async function requireEnterable(actor: Actor, roomId: string): Promise<RoomRow> {
    const row = await find(roomId);
    authorize(actor, 'enterRoom', row);
    return row;
  }

  function serialize<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = joinQueues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    joinQueues.set(key, tail);
    void tail.then(() => {
      if (joinQueues.get(key) === tail) joinQueues.delete(key);
    });
    return next;
  }

  return {
    /** Reads every room once, at start. */
    async load(): Promise<void> {
      rows.clear();
      for (const row of await repo.listAll()) rows.set(row.id, row);
    },

    /** Another node changed this room: read it again. */
    reload(roomId: string): Promise<void> {
      const work = repo.findById(roomId).then((row) => {
        if (row) rows.set(row.id, row);
        else rows.delete(roomId);
      });
      const tracked = work.finally(() => {
        if (reloading.get(roomId) === tracked) reloading.delete(roomId);
      });
      reloading.set(roomId, tracked);
      return tracked;
    },

    /** Every active room with its live count: default rooms first, then the busiest. */
    async list(): Promise<Room[]> {
      const counts = await presence.roomCounts();
      const active = [...rows.values()].filter((row) => row.isActive);
      return sortRooms(active.map((row) => toRoom(row, counts.get(row.id) ?? 0)));
    },

    get: async (roomId: string): Promise<Room> => present(await find(roomId)),

    /** The room, if `actor` may be in it (read history, enter). */
    requireEnterable,

    /** The room, if `actor` may post in it now (lock and chat locks). */
    async requirePostable(actor: Actor, roomId: string): Promise<RoomRow> {
      const row = await find(roomId);
      authorize(actor, 'postInRoom', row);
      return row;
    },

    /**
     * The join rule: one room per socket, at most one switch per second, the room must be
     * enterable for the user's current role; presence and the user's current room follow.
     * Returns what the joiner is shown.
     */
    join(conn: Connection, roomId: string): Promise<{ room: Room; members: OnlineUser[] }> {
      return serialize(conn.id, async () => {
        if (conn.roomId !== roomId) {
          const now = clock.now();
          if (now - conn.lastJoinAt < SERVER_JOIN_GAP_MS) throw new AppError('JOIN_TOO_FAST', 429);
          const user = await liveUsers.current(conn.userId);
          const barred = barredError(user.restrictions, now);
          if (barred) throw barred;
          await requireEnterable(user.actor, roomId);
          if (!conn.connected) throw new AppError('ROOM_NOT_JOINED', 409);
          const previous = conn.roomId;
          conn.roomId = roomId;
          conn.lastJoinAt = now;
          await conn.moveTo(roomId, previous);
          await presence.join(conn.id, user.online, roomId);
          currentRooms.record(user.row.id, roomId);
        }
        const [room, members] = await Promise.all([present(await find(roomId)), presence.roomMembers(roomId)]);
        return { room, members };
      });
    },

    async setLock(actor: Actor, roomId: string, isLocked: boolean): Promise<Room> {
      authorize(actor, 'lockRoom');
      return change(roomId, { isLocked });
    },

    async setChatLock(
      actor: Actor,
      roomId: string,
      locks: { chatLockAll?: boolean; chatLockVisitors?: boolean },
    ): Promise<Room> {
      authorize(actor, 'lockRoomChat');
      return change(roomId, locks);
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
