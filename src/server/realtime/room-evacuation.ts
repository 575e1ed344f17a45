import type { RoomsService } from '../modules/rooms/rooms.service';
import { connectionOf } from './connection';
import { channel, type AppServer } from './types';

/**
 * Moves everyone inside a deleted room to another room, on every node. Only the node holding a
 * socket can move it (its presence, its Socket.IO rooms), so the node that deleted the room tells
 * the others through the adapter, in the same stream as and after the `roomDeleted` broadcast:
 * a client always hears that its room is gone before it is shown the new one.
 */
export function createRoomEvacuation(deps: {
  io: AppServer;
  rooms: RoomsService;
  /** Several nodes share an adapter (Redis); alone, there is nobody to tell. */
  clustered: boolean;
  onError: (error: unknown) => void;
}) {
  const { io, rooms, clustered } = deps;

  /** This node's sockets in the room go to `movedTo` and are shown it, as after a join. */
  function moveLocalSockets(roomId: string, movedTo: string): void {
    const namespace = io.of('/');
    const inside = [...(namespace.adapter.rooms.get(channel.room(roomId)) ?? [])];
    for (const socketId of inside) {
      const socket = namespace.sockets.get(socketId);
      if (!socket) continue;
      rooms
        .relocate(connectionOf(socket), roomId, movedTo)
        .then((shown) => {
          if (!shown) return;
          socket.emit('message', { type: 'roomJoined', roomId: movedTo, room: shown.room });
          socket.emit('message', {
            type: 'onlineUsers',
            roomId: movedTo,
            users: shown.members.filter((member) => !member.isHidden),
          });
        })
        .catch(deps.onError);
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
