import { AppError } from '../../http/errors';
import { publicMessagePayloadSchema, typingPayloadSchema } from '../../../shared/realtime/protocol';
import { onEvent, type HandlerLog } from '../../realtime/handler';
import { channel, type AppServer, type AppSocket } from '../../realtime/types';
import type { MessagesService } from './messages.service';

/** A client announces typing at most this often; the indicator clears on its own after 3 s. */
const TYPING_GAP_MS = 1000;

export function registerMessagesSocket(
  socket: AppSocket,
  deps: { io: AppServer; messages: MessagesService; log: HandlerLog },
) {
  const { io, messages } = deps;

  onEvent(
    socket,
    'publicMessage',
    publicMessagePayloadSchema,
    async (payload) => {
      const { message, created } = await messages.sendPublic(socket.id, socket.data.user, {
        roomId: payload.roomId,
        content: payload.content,
        messageType: payload.messageType,
        textColor: payload.textColor,
        bold: payload.bold,
        clientMessageId: payload.clientMessageId ?? null,
      });
      if (created) io.to(channel.room(payload.roomId)).emit('message', { type: 'newMessage', message });
      return { message };
    },
    deps.log,
  );

  onEvent(
    socket,
    'typing',
    typingPayloadSchema,
    async ({ roomId, isTyping }) => {
      if (socket.data.roomId !== roomId) throw new AppError('ROOM_NOT_JOINED', 403);
      const now = Date.now();
      if (isTyping && now - socket.data.lastTypingAt < TYPING_GAP_MS) return;
      socket.data.lastTypingAt = isTyping ? now : 0;
      const { id, username } = socket.data.user;
      socket
        .to(channel.room(roomId))
        .except(channel.user(id))
        .emit('message', { type: 'typing', roomId, userId: id, username, isTyping });
    },
    deps.log,
  );
}
