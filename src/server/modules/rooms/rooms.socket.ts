import { connectionOf } from '../../realtime/connection';
import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import type { RoomsService } from './rooms.service';

export function registerRoomsSocket(socket: AppSocket, deps: { rooms: RoomsService }, ctx: HandlerContext) {
  const conn = connectionOf(socket);

  handle(
    socket,
    'joinRoom',
    async ({ roomId }) => {
      const { room, members } = await deps.rooms.join(conn, roomId);
      socket.emit('message', { type: 'roomJoined', roomId, room });
      socket.emit('message', { type: 'onlineUsers', roomId, users: members.filter((member) => !member.isHidden) });
      return { roomId };
    },
    ctx,
  );
}
