import type { Live } from '../../realtime/live';
import { liveSocketOf } from '../../realtime/live-socket';
import { channel } from '../../realtime/types';
import type { RoomsService } from './rooms.service';

declare module '../../realtime/types' {
  interface InterServerEvents {
    /** A room was deleted: each node moves its own sockets inside it to `movedTo`. */
    evacuate: (target: { roomId: string; movedTo: string }) => void;
  }
}

/** Every node holds every room in memory: a room changed here is read again everywhere else. */
export function keepRoomsCoherent(live: Live, rooms: RoomsService): void {
  const tell = live.invalidation('room', (id) => rooms.reload(id));
  // The rooms service has already applied the change to this node's copy.
  for (const name of ['room.changed', 'room.created', 'room.deleted'] as const)
    live.on(name, ({ room }) => tell(room.id));
}

/**
 * Who hears of rooms: everyone of a room's new state, a new room, a deleted one and its chat
 * locks. Those inside a deleted room, on every node, are then moved and shown the room they are
 * in now.
 */
export function announceRooms(live: Live, rooms: RoomsService): void {
  const { io } = live;
  /** Everyone hears a room's current state (with its live count) as `roomUpdate` of `type`. */
  const announceRoom = (type: 'roomChanged' | 'roomCreated', roomId: string) =>
    void rooms
      .get(roomId)
      .then((room) => io.emit('roomUpdate', { type, roomId, room }))
      .catch(live.onError);
  const evacuation = createRoomEvacuation(live, rooms);

  live.on('room.changed', ({ room }) => announceRoom('roomChanged', room.id));
  live.on('room.created', ({ room }) => announceRoom('roomCreated', room.id));
  live.on('room.chatLockChanged', (locks) => io.emit('chatLockUpdated', locks));
  // Everyone drops the room; then those inside, on every node, are moved and shown the new room.
  live.on('room.deleted', ({ room, movedTo }) => {
    io.emit('roomUpdate', { type: 'roomDeleted', roomId: room.id, movedTo });
    evacuation.evacuate(room.id, movedTo);
  });
}

/**
 * Moves everyone inside a deleted room to another room, on every node. Only the node holding a
 * socket can move it (its presence, its Socket.IO rooms), so the node that deleted the room tells
 * the others through the adapter, in the same stream as and after the `roomDeleted` broadcast:
 * a client always hears that its room is gone before it is shown the new one.
 */
function createRoomEvacuation(live: Live, rooms: RoomsService) {
  const { io, clustered } = live;

  /** This node's sockets in the room go to `movedTo` and are shown it, as after a join. */
  function moveLocalSockets(roomId: string, movedTo: string): void {
    const namespace = io.of('/');
    const inside = [...(namespace.adapter.rooms.get(channel.room(roomId)) ?? [])];
    for (const socketId of inside) {
      const socket = namespace.sockets.get(socketId);
      if (!socket) continue;
      rooms
        .relocate(liveSocketOf(socket), roomId, movedTo)
        .then((shown) => {
          if (!shown) return;
          socket.emit('message', { type: 'roomJoined', roomId: movedTo, room: shown.room });
          socket.emit('message', { type: 'onlineUsers', roomId: movedTo, ...shown.online });
        })
        .catch(live.onError);
    }
  }

  if (clustered) io.on('evacuate', ({ roomId, movedTo }) => moveLocalSockets(roomId, movedTo));

  return {
    evacuate(roomId: string, movedTo: string): void {
      if (clustered) io.serverSideEmit('evacuate', { roomId, movedTo });
      moveLocalSockets(roomId, movedTo);
    },
  };
}
