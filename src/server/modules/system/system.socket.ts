import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import { barredError, isMuted } from '../moderation';
import { toSelfUser, type LiveUsers } from '../users';

const toIso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function registerSystemSocket(
  socket: AppSocket,
  deps: { liveUsers: LiveUsers; clock: Clock },
  ctx: HandlerContext,
) {
  const { liveUsers, clock } = deps;

  /** Spec `auth`: the socket is already authenticated by its cookie; the claim must match it. */
  handle(
    socket,
    'auth',
    async ({ userId }) => {
      if (userId !== socket.data.userId) throw new AppError('AUTH_MISMATCH', 403);
      const { row, restrictions } = await liveUsers.current(userId);
      const barred = barredError(restrictions, clock.now());
      if (barred) {
        // Spec §7: `error` with the action (banned, blocked, device_blocked) and the time left.
        socket.emit('error', {
          code: barred.code,
          message: barred.message,
          action: barred.code.toLowerCase(),
          ...(barred.timeLeft === undefined ? {} : { timeLeft: barred.timeLeft }),
        });
        socket.disconnect(true);
        return;
      }
      socket.emit('authenticated', {
        user: toSelfUser(row, true),
        serverTime: clock.now(),
        restrictions: { mutedUntil: isMuted(restrictions, clock.now()) ? toIso(restrictions.mutedUntil) : null },
      });
    },
    ctx,
  );

  handle(
    socket,
    'client_ping',
    async (payload) => {
      socket.emit('client_pong', { timestamp: payload?.timestamp ?? null, serverTime: clock.now() });
    },
    ctx,
  );

  handle(socket, 'going_background', async () => undefined, ctx);
}
