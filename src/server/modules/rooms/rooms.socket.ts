import { toOnlineUser } from '../../../shared/entities/user';
import { joinRoomPayloadSchema } from '../../../shared/realtime/protocol';
import { AppError } from '../../http/errors';
import { onEvent, type HandlerLog } from '../../realtime/handler';
import { channel, type AppSocket } from '../../realtime/types';
import type { PresenceService } from '../presence/presence.service';
import type { CurrentRoomWriter } from '../users/current-room-writer';
import type { RoomsService } from './rooms.service';

/** The client waits 1.5 s between joins; the server refuses anything faster than this. */
const SERVER_JOIN_GAP_MS = 1000;

export function registerRoomsSocket(
  socket: AppSocket,
  deps: {
    rooms: RoomsService;
    presence: PresenceService;
    currentRooms: CurrentRoomWriter;
    log: HandlerLog;
  },
) {
  const { rooms, presence, currentRooms } = deps;

  onEvent(
    socket,
    'joinRoom',
    joinRoomPayloadSchema,
    async ({ roomId }) => {
      const { user } = socket.data;
      const now = Date.now();
      if (socket.data.roomId !== roomId) {
        if (now - socket.data.lastJoinAt < SERVER_JOIN_GAP_MS) throw new AppError('JOIN_TOO_FAST', 429);
        await rooms.requireEnterable(roomId, user.role);
        const previous = socket.data.roomId;
        socket.data.roomId = roomId;
        socket.data.lastJoinAt = now;
        if (previous) await socket.leave(channel.room(previous));
        await socket.join(channel.room(roomId));
        await presence.join(socket.id, toOnlineUser(user), roomId);
        currentRooms.record(user.id, roomId);
      }
      const [room, members] = await Promise.all([rooms.get(roomId), presence.roomMembers(roomId)]);
      socket.emit('message', { type: 'roomJoined', roomId, room });
      socket.emit('message', { type: 'onlineUsers', roomId, users: members });
      return { roomId };
    },
    deps.log,
  );
}
