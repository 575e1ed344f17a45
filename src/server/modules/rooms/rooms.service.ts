import type { UploadedFile } from '../../../shared/api/endpoint';
import { GENERAL_ROOM_ID, ROOM_TOOLS, sortRooms, type PinnedMessage, type Room } from '../../../shared/entities/room';
import { normalizeUsername as displayForm, type OnlineUser } from '../../../shared/entities/user';
import { can, type Actor } from '../../../shared/policy';
import { authorize, type NamedActor } from '../../authorize';
import type { Clock } from '../../clock';
import type { RoomRow } from '../../db/schema';
import type { DomainEventBus } from '../../events/domain-events';
import { AppError } from '../../errors';
import type { OnlineUsersPage } from '../../../shared/realtime/rooms';
import type { LiveSocket } from '../../realtime/live-socket';
import { barredError, type ModerationLog, type WordFilterService } from '../moderation';
import type { PresenceService } from '../presence';
import type { CurrentRoomWriter, LiveUsers } from '../users';
import { roomIdCandidates } from './room-ids';
import type { SlowModeTurns } from './slow-mode';
import { toRoom } from './rooms.presenter';
import type { RoomsRepo } from './rooms.repo';

/** The client waits 1.5 s between joins; the server refuses anything faster than this. */
const SERVER_JOIN_GAP_MS = 1000;
/** A new room's id is its name's slug, or that with a random tail: a few tries always find one free. */
const ID_ATTEMPTS = 5;

/** Whoever changes rooms: the policy's actor, and their name as the moderation log records it. */
export type RoomActor = NamedActor;

/** Who is in a room as its joiner sees it: everyone, or (a big room) the first page, the total and that more exist. */
export interface OnlineShown {
  users: OnlineUser[];
  total?: number;
  hasMore?: boolean;
}

export interface NewRoom {
  name: string;
  description: string;
  isBroadcast: boolean;
}

/** What a room's picture goes through: checked, re-encoded, stored; the address it is served at. */
export interface RoomIcons {
  save(file: UploadedFile): Promise<string>;
}

export function createRoomsService(deps: {
  repo: RoomsRepo;
  presence: PresenceService;
  /** People per page of the online list (a room with more is big). */
  presencePageSize: number;
  liveUsers: LiveUsers;
  currentRooms: CurrentRoomWriter;
  bus: DomainEventBus;
  clock: Clock;
  icons: RoomIcons;
  log: ModerationLog;
  /** The word filter: refuses a room name or description holding a listed word. */
  words: Pick<WordFilterService, 'screenRoom'>;
  /** Slow mode's turns, shared by every node. */
  slowMode: SlowModeTurns;
}) {
  const { repo, presence, liveUsers, currentRooms, bus, clock, icons, log, words, slowMode } = deps;

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

  /** One room with its count (one room's size, not every room's: this runs on every join). */
  async function present(row: RoomRow): Promise<Room> {
    return toRoom(row, await presence.roomSize(row.id));
  }

  /** What someone entering is shown of who is there: everyone, or in a big room the first page and the total. */
  async function onlineShown(roomId: string): Promise<OnlineShown> {
    const { users, total } = await presence.roomPage(roomId, 0, deps.presencePageSize);
    return total > users.length ? { users, total, hasMore: true } : { users };
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

  /** The moderation log's record of a room action by `actor`. */
  function record(
    actor: RoomActor,
    action: Parameters<ModerationLog['record']>[0]['action'],
    roomId: string,
    details = {},
  ) {
    return log.record({ actor: { id: actor.id, username: actor.username }, action, roomId, details });
  }

  /** Stores a new room under the first free id its name gives. */
  async function insertRoom(values: NewRoom & { icon: string | null; createdBy: number }): Promise<RoomRow> {
    // New rooms list after the seeded ones among rooms of equal count (ties keep this order).
    const sortOrder = Math.max(0, ...[...rows.values()].map((row) => row.sortOrder)) + 1;
    const ids = roomIdCandidates(values.name);
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt += 1) {
      const id = ids.next().value as string;
      if (rows.has(id)) continue;
      const row = await repo.insert({ ...values, id, sortOrder });
      if (row) return row;
    }
    throw new AppError('INTERNAL', 500);
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
      // A room another node just created or changed is listed as it now is.
      await Promise.all(reloading.values());
      const counts = await presence.roomCounts();
      const active = [...rows.values()].filter((row) => row.isActive);
      return sortRooms(active.map((row) => toRoom(row, counts.get(row.id) ?? 0)));
    },

    get: async (roomId: string): Promise<Room> => present(await find(roomId)),

    /** The room's row as this node knows it (active rooms only). */
    row: find,

    /** A change written under the room's lock elsewhere (voice): applied here, told to every node and client. */
    changed(row: RoomRow): void {
      rows.set(row.id, row);
      bus.publish('room.changed', { room: row });
    },

    /** Staff named (or cleared) a broadcast room's host (the voice service checks who may). */
    setHost: (roomId: string, hostId: number | null): Promise<Room> => change(roomId, { hostId }),

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
    join(socket: LiveSocket, roomId: string): Promise<{ room: Room; online: OnlineShown }> {
      return serialize(socket.id, async () => {
        if (socket.roomId !== roomId) {
          const now = clock.now();
          if (now - socket.lastJoinAt < SERVER_JOIN_GAP_MS) throw new AppError('JOIN_TOO_FAST', 429);
          const user = await liveUsers.current(socket.userId);
          const barred = barredError(user.restrictions, now);
          if (barred) throw barred;
          await requireEnterable(user.actor, roomId);
          if (!socket.connected) throw new AppError('ROOM_NOT_JOINED', 409);
          const previous = socket.roomId;
          socket.roomId = roomId;
          socket.lastJoinAt = now;
          await socket.moveTo(roomId, previous);
          await presence.join(socket.id, user.online, roomId);
          currentRooms.record(user.row.id, roomId);
        }
        const [room, online] = await Promise.all([present(await find(roomId)), onlineShown(roomId)]);
        return { room, online };
      });
    },

    /** A further page of the online list of the room this connection is in (nobody lists a room from outside). */
    async onlinePage(socket: LiveSocket, roomId: string, offset: number): Promise<OnlineUsersPage> {
      if (socket.roomId !== roomId) throw new AppError('ROOM_NOT_JOINED', 409);
      const { users, total } = await presence.roomPage(roomId, offset, deps.presencePageSize);
      return { roomId, users, total, hasMore: offset + users.length < total };
    },

    /**
     * Moves a connection out of a deleted room into `movedTo`, unless it has left it meanwhile.
     * The site moves it: no throttle, and the connection's own next join is not delayed.
     * Returns what the mover is shown, or null when it was not there.
     */
    relocate(
      socket: LiveSocket,
      fromRoomId: string,
      movedTo: string,
    ): Promise<{ room: Room; online: OnlineShown } | null> {
      return serialize(socket.id, async () => {
        if (socket.roomId !== fromRoomId || !socket.connected) return null;
        const user = await liveUsers.current(socket.userId);
        socket.roomId = movedTo;
        await socket.moveTo(movedTo, fromRoomId);
        await presence.join(socket.id, user.online, movedTo);
        currentRooms.record(user.row.id, movedTo);
        const [room, online] = await Promise.all([present(await find(movedTo)), onlineShown(movedTo)]);
        return { room, online };
      });
    },

    /** A new room (owner, admin), with an optional picture; everyone lists it at once. */
    async create(actor: RoomActor, input: NewRoom, image?: UploadedFile): Promise<Room> {
      authorize(actor, 'createRoom');
      // As with people's names: no invisible or direction-flipping characters, one form of each letter.
      const name = displayForm(input.name);
      if (!name) throw new AppError('ROOM_NAME_REQUIRED', 400);
      const description = displayForm(input.description);
      await words.screenRoom(name, description);
      const icon = image ? await icons.save(image) : null;
      const row = await insertRoom({ ...input, name, description, icon, createdBy: actor.id });
      rows.set(row.id, row);
      bus.publish('room.created', { room: row });
      await record(actor, 'createRoom', row.id, { name: row.name });
      return present(row);
    },

    /**
     * Deletes a room that is not a default one (owner, admin): it becomes inactive (its history
     * stays for the moderation log), nobody can enter it, and everyone inside, on every node, is
     * moved to the general room.
     */
    async remove(actor: RoomActor, roomId: string): Promise<{ movedTo: string }> {
      const current = await find(roomId);
      authorize(actor, 'deleteRoom', current);
      const row = await repo.update(roomId, { isActive: false });
      if (!row) throw new AppError('ROOM_NOT_FOUND', 404);
      rows.set(row.id, row);
      const movedTo = GENERAL_ROOM_ID;
      bus.publish('room.deleted', { room: row, movedTo });
      await record(actor, 'deleteRoom', row.id, { name: row.name });
      return { movedTo };
    },

    /** A new picture for a room (owner, admin). */
    async setIcon(actor: RoomActor, roomId: string, image: UploadedFile | undefined): Promise<Room> {
      authorize(actor, 'changeRoomIcon');
      await find(roomId);
      if (!image) throw new AppError('IMAGE_INVALID', 400);
      const room = await change(roomId, { icon: await icons.save(image) });
      await record(actor, 'roomIcon', roomId);
      return room;
    },

    async setLock(actor: RoomActor, roomId: string, isLocked: boolean): Promise<Room> {
      authorize(actor, 'lockRoom');
      const room = await change(roomId, { isLocked });
      await record(actor, isLocked ? 'lockRoom' : 'unlockRoom', roomId);
      return room;
    },

    /**
     * Slow mode (issue 22): a non-staff sender's turn in the room, counted on every node; refused
     * with the seconds left to wait.
     */
    async takeSlowModeTurn(actor: Actor, roomId: string): Promise<void> {
      const row = await find(roomId);
      if (row.slowModeSeconds <= 0 || can(actor, 'skipSlowMode')) return;
      const left = await slowMode.take(actor.id, roomId, row.slowModeSeconds);
      if (left > 0) throw new AppError('SLOW_MODE', 429, undefined, left);
    },

    /** Staff pin a message of the room (the messages module found it there), at most ROOM_TOOLS.maxPins. */
    async pin(actor: RoomActor, roomId: string, pin: PinnedMessage): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const row = await find(roomId);
      if (row.pins.some((p) => p.id === pin.id)) return present(row);
      if (row.pins.length >= ROOM_TOOLS.maxPins) throw new AppError('PINS_FULL', 409);
      const room = await change(roomId, { pins: [...row.pins, pin] });
      await record(actor, 'pinMessage', roomId, { messageId: pin.id, excerpt: pin.excerpt });
      return room;
    },

    async unpin(actor: RoomActor, roomId: string, messageId: number): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const row = await find(roomId);
      if (!row.pins.some((p) => p.id === messageId)) return present(row);
      const room = await change(roomId, { pins: row.pins.filter((p) => p.id !== messageId) });
      await record(actor, 'unpinMessage', roomId, { messageId });
      return room;
    },

    /**
     * A message of the room changed (edited: its new excerpt) or went (null): a pin of it follows.
     * Nothing happens when it is not pinned.
     */
    async pinnedMessageChanged(roomId: string, messageId: number, excerpt: string | null): Promise<void> {
      const row = await find(roomId).catch(() => undefined);
      if (!row?.pins.some((p) => p.id === messageId)) return;
      const pins =
        excerpt === null
          ? row.pins.filter((p) => p.id !== messageId)
          : row.pins.map((p) => (p.id === messageId ? { ...p, excerpt } : p));
      await change(roomId, { pins });
    },

    /** The announcement under the room's header ('' removes it), staff only. */
    async setAnnouncement(actor: RoomActor, roomId: string, text: string): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const announcement = displayForm(text);
      await words.screenRoom(announcement, '');
      const room = await change(roomId, { announcement });
      await record(actor, 'roomAnnouncement', roomId, { text: announcement });
      return room;
    },

    /** The welcome shown to each person entering (`{name}` is theirs), staff only. */
    async setWelcome(actor: RoomActor, roomId: string, text: string): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const welcome = displayForm(text);
      await words.screenRoom(welcome, '');
      const room = await change(roomId, { welcome });
      await record(actor, 'roomWelcome', roomId, { text: welcome });
      return room;
    },

    async setSlowMode(actor: RoomActor, roomId: string, seconds: number): Promise<Room> {
      authorize(actor, 'manageRoomMessages');
      const room = await change(roomId, { slowModeSeconds: seconds });
      await record(actor, 'slowMode', roomId, { seconds });
      return room;
    },

    async setChatLock(
      actor: RoomActor,
      roomId: string,
      locks: { chatLockAll?: boolean; chatLockVisitors?: boolean },
    ): Promise<Room> {
      authorize(actor, 'lockRoomChat');
      const room = await change(roomId, locks);
      const { chatLockAll, chatLockVisitors } = room;
      bus.publish('room.chatLockChanged', { roomId, chatLockAll, chatLockVisitors });
      await record(actor, 'chatLock', roomId, { chatLockAll, chatLockVisitors });
      return room;
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
