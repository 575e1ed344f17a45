import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';
import { Server } from 'socket.io';
import { ERROR_MESSAGES } from '../../shared/api/errors';
import { SOCKET } from '../../shared/constants';
import { toOnlineUser } from '../../shared/entities/user';
import { handshakeQuerySchema } from '../../shared/realtime/protocol';
import { deviceIdSchema } from '../../shared/api/auth';
import type { SessionCookies } from '../modules/auth/request-session';
import type { SessionsRepo } from '../modules/auth/sessions.repo';
import type { PresenceService } from '../modules/presence/presence.service';
import { toPublicUser } from '../modules/users/users.presenter';
import { redisStreamsAdapter } from './redis-adapter';
import { channel, type AppServer, type AppSocket } from './types';

type RedisClient = ReturnType<typeof createClient>;

export interface RealtimeOptions {
  httpServer: HttpServer;
  cookies: SessionCookies;
  sessions: SessionsRepo;
  presence: () => PresenceService;
  redis: RedisClient | undefined;
  redisPrefix: string;
  log: FastifyBaseLogger;
  /** Registers every feature's handlers on a freshly authenticated socket. */
  onConnection: (socket: AppSocket) => void;
}

function unauthorized(): Error {
  const error = new Error('UNAUTHORIZED') as Error & { data?: unknown };
  error.data = { code: 'UNAUTHORIZED', message: ERROR_MESSAGES.UNAUTHORIZED };
  return error;
}

/** The Socket.IO server on Fastify's HTTP server: session handshake, adapter and presence wiring. */
export function createRealtime(options: RealtimeOptions): AppServer {
  const { cookies, sessions, log } = options;
  const io: AppServer = new Server(options.httpServer, {
    path: SOCKET.path,
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: 100_000,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    ...(options.redis ? { adapter: redisStreamsAdapter(options.redis, options.redisPrefix, log) } : {}),
  });

  // Identity comes only from the session cookie, checked once per connection.
  io.use((socket, next) => {
    void (async () => {
      const token = cookies.tokenFromCookieHeader(socket.request.headers.cookie);
      const current = token ? await cookies.resolveToken(token) : null;
      if (!current) return next(unauthorized());
      const query = handshakeQuerySchema.safeParse(socket.handshake.query);
      const claimed = query.success ? deviceIdSchema.safeParse(query.data.deviceId) : undefined;
      const deviceId = claimed?.success ? claimed.data : null;
      if (deviceId && current.session.deviceId !== deviceId) await sessions.setDeviceId(current.session.id, deviceId);
      socket.data = {
        sessionId: current.session.id,
        user: toPublicUser(current.user, true),
        usernameKey: current.user.usernameKey,
        deviceId,
        roomId: socket.data?.roomId ?? null,
        lastJoinAt: 0,
        lastTypingAt: 0,
      };
      next();
    })().catch((err: unknown) => {
      log.error({ err }, 'socket handshake failed');
      next(unauthorized());
    });
  });

  io.on('connection', (socket) => {
    const presence = options.presence();
    const { user, sessionId } = socket.data;
    void socket.join([channel.user(user.id), channel.session(sessionId)]);
    void presence.connect(socket.id, toOnlineUser(user), socket.data.usernameKey);
    // A recovered connection keeps its room: put it back in presence (cancels the pending leave).
    if (socket.recovered && socket.data.roomId) void presence.join(socket.id, toOnlineUser(user), socket.data.roomId);
    options.onConnection(socket);
    socket.on('disconnect', () => void presence.disconnect(socket.id, user.id));
  });

  return io;
}
