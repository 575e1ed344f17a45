import { liveSocketOf } from '../../realtime/live-socket';
import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import type { RoomsService } from './rooms.service';

export function registerRoomsSocket(socket: AppSocket, deps: { rooms: RoomsService }, ctx: HandlerContext) {
  const live = liveSocketOf(socket);

  handle(
    socket,
    'joinRoom',
    async ({ roomId }) => {
      const { room, online } = await deps.rooms.join(live, roomId);
      socket.emit('message', { type: 'roomJoined', roomId, room });
      socket.emit('message', { type: 'onlineUsers', roomId, ...online });
      return { roomId };
    },
    ctx,
  );

  handle(socket, 'onlineUsersLoad', ({ roomId, offset }) => deps.rooms.onlinePage(live, roomId, offset), ctx);
}
