import { liveSocketOf } from '../../realtime/live-socket';
import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import type { MessagesService } from './messages.service';
import type { TypingService } from './typing.service';

export function registerMessagesSocket(
  socket: AppSocket,
  deps: { messages: MessagesService; typing: TypingService },
  ctx: HandlerContext,
) {
  const live = liveSocketOf(socket);

  handle(
    socket,
    'publicMessage',
    async (payload) => ({
      message: await deps.messages.sendPublic(live, {
        roomId: payload.roomId,
        content: payload.content,
        messageType: payload.messageType,
        textColor: payload.textColor,
        bold: payload.bold,
        clientMessageId: payload.clientMessageId ?? null,
        replyToId: payload.replyToId ?? null,
      }),
    }),
    ctx,
  );

  handle(socket, 'typing', ({ roomId, isTyping }) => deps.typing.set(live, roomId, isTyping), ctx);
}
