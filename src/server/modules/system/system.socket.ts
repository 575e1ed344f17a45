import {
  authPayloadSchema,
  clientPingPayloadSchema,
  goingBackgroundPayloadSchema,
} from '../../../shared/realtime/protocol';
import { AppError } from '../../http/errors';
import { onEvent, type HandlerLog } from '../../realtime/handler';
import type { AppSocket } from '../../realtime/types';
import type { PresenceService } from '../presence/presence.service';
import { toSelfUser } from '../users/users.presenter';
import type { UsersRepo } from '../users/users.repo';

export function registerSystemSocket(
  socket: AppSocket,
  deps: { users: UsersRepo; presence: PresenceService; log: HandlerLog },
) {
  /** Spec `auth`: the socket is already authenticated by its cookie; the claim must match it. */
  onEvent(
    socket,
    'auth',
    authPayloadSchema,
    async ({ userId }) => {
      if (userId !== socket.data.user.id) throw new AppError('AUTH_MISMATCH', 403);
      const row = await deps.users.findById(userId);
      if (!row) throw new AppError('UNAUTHORIZED', 401);
      socket.emit('authenticated', { user: toSelfUser(row, true), serverTime: Date.now() });
    },
    deps.log,
  );

  onEvent(
    socket,
    'client_ping',
    clientPingPayloadSchema,
    async (payload) => {
      socket.emit('client_pong', { timestamp: payload?.timestamp ?? null, serverTime: Date.now() });
    },
    deps.log,
  );

  onEvent(socket, 'going_background', goingBackgroundPayloadSchema, async () => undefined, deps.log);
}
