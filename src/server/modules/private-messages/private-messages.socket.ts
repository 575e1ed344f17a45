import { liveSocketOf } from '../../realtime/live-socket';
import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import type { PrivateMessagesService } from './private-messages.service';

export function registerPrivateMessagesSocket(
  socket: AppSocket,
  deps: { privateMessages: PrivateMessagesService },
  ctx: HandlerContext,
) {
  const live = liveSocketOf(socket);
  handle(
    socket,
    'privateTyping',
    ({ targetUserId, isTyping }) => deps.privateMessages.typing(live, targetUserId, isTyping),
    ctx,
  );
}
