import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { createClient } from 'redis';
import { Server } from 'socket.io';
import { deviceIdSchema } from '../../shared/api/auth';
import { SOCKET } from '../../shared/constants';
import {
  connectRefusal,
  handshakeAuthSchema,
  handshakeQuerySchema,
  MIN_CLIENT_PROTOCOL,
  type ConnectRefusal,
} from '../../shared/realtime/protocol';
import type { Clock } from '../clock';
import type { OriginCheck } from '../http/origin';
import type { CurrentSession } from '../http/route';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { fullBucket } from '../limits/token-buckets';
import { redisStreamsAdapter } from './redis-adapter';
import { EVENT_BUDGET } from './socket-handlers';
import { channel, type AppServer, type AppSocket } from './types';

type RedisClient = ReturnType<typeof createClient>;

export interface ConnectionLimits {
  /** Counts a new socket; false (and not counted) when the user or address already has too many. */
  admit(userId: number, address: string): Promise<boolean>;
  release(userId: number, address: string): Promise<void>;
}

/** The sessions a handshake opens (the auth module keeps them). */
export interface HandshakeSessions {
  /** The live session the Cookie header's session cookie names, if any. */
  fromCookieHeader(header: string | undefined): Promise<CurrentSession | null>;
  /** Records the device the handshake named on its session. */
  setDeviceId(sessionId: string, deviceId: string): Promise<void>;
}

/** `R`: what the sanctions check says about whoever connects (handed on to `onConnection`). */
export interface RealtimeOptions<R> {
  httpServer: HttpServer;
  sessions: HandshakeSessions;
  limits: ConnectionLimits;
  /** Origins whose pages may open a socket (the site's own, plus an allow-list). */
  isAllowedOrigin: OriginCheck;
  /** Whether to believe X-Forwarded-For for the client's address. */
  trustProxy: boolean;
  clock: Clock;
  redis: RedisClient | undefined;
  redisPrefix: string;
  log: FastifyBaseLogger;
  /** Sanctions on the account, device or address: throws the refusal when barred. */
  checkSanctions: (subject: { userId: number | null; deviceId: string | null; address: string }) => Promise<R>;
  /**
   * Sets up a freshly authenticated socket, already in its user's, session's and device's
   * channels: every feature's handlers and what it joins.
   */
  onConnection: (socket: AppSocket, user: UserRow, restrictions: R) => void;
}

function refuse(code: ConnectRefusal['code'], timeLeft?: number): Error {
  const error = new Error(code) as Error & { data?: ConnectRefusal };
  error.data = connectRefusal(code, timeLeft);
  return error;
}

const SANCTION_REFUSALS = new Set<string>(['BANNED', 'BLOCKED', 'DEVICE_BLOCKED']);

/** The client's address: the socket's peer, or the first X-Forwarded-For hop behind a trusted proxy. */
function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') return forwarded.split(',')[0]!.trim();
  return request.socket.remoteAddress ?? 'unknown';
}

/** The Socket.IO server on Fastify's HTTP server: origin, protocol version, session and limits. */
export function createRealtime<R>(options: RealtimeOptions<R>): AppServer {
  const { sessions, log, limits, clock } = options;
  const io: AppServer = new Server(options.httpServer, {
    path: SOCKET.path,
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: 100_000,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    // A page of another site must not open a socket with our visitor's cookie. Clients that send
    // no Origin are not browsers, and cannot carry someone else's cookie.
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || options.isAllowedOrigin(origin, request.headers.host));
    },
    ...(options.redis ? { adapter: redisStreamsAdapter(options.redis, options.redisPrefix, log) } : {}),
  });
  /** Users of sockets still completing their handshake, handed to the connection handler. */
  const pending = new WeakMap<AppSocket, { user: UserRow; restrictions: R }>();

  io.use((socket, next) => {
    void (async () => {
      // An old page may not speak the current protocol: it is told to reload, before anything else.
      const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success || auth.data.protocol < MIN_CLIENT_PROTOCOL) return next(refuse('CLIENT_OUTDATED'));
      // Identity comes only from the session cookie.
      const current = await sessions.fromCookieHeader(socket.request.headers.cookie);
      const address = clientAddress(socket.request, options.trustProxy);
      const query = handshakeQuerySchema.safeParse(socket.handshake.query);
      const claimed = query.success ? deviceIdSchema.safeParse(query.data.deviceId) : undefined;
      const deviceId = claimed?.success ? claimed.data : null;
      // Kicked, banned or blocked (the account, this device or this address): told why, and for how long.
      let restrictions: R;
      try {
        // Checked before the session: a kicked visitor has none left, but their device is known.
        restrictions = await options.checkSanctions({ userId: current?.user.id ?? null, deviceId, address });
      } catch (error) {
        if (error instanceof AppError && SANCTION_REFUSALS.has(error.code))
          return next(refuse(error.code as ConnectRefusal['code'], error.timeLeft));
        throw error;
      }
      if (!current) return next(refuse('UNAUTHORIZED'));
      if (!(await limits.admit(current.user.id, address))) return next(refuse('TOO_MANY_CONNECTIONS'));
      // Counted once: released when the socket or its transport goes, whichever comes first.
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        limits.release(current.user.id, address).catch((err: unknown) => log.error({ err }, 'release failed'));
      };
      socket.once('disconnect', release);
      socket.conn.once('close', release);

      if (deviceId && current.session.deviceId !== deviceId) await sessions.setDeviceId(current.session.id, deviceId);
      socket.data = {
        sessionId: current.session.id,
        userId: current.user.id,
        deviceId,
        address,
        // A recovered connection keeps its room.
        roomId: socket.data?.roomId ?? null,
        lastJoinAt: 0,
        lastTypingAt: 0,
        lastPrivateTypingAt: 0,
        budget: fullBucket(EVENT_BUDGET.capacity, clock.now()),
      };
      pending.set(socket, { user: current.user, restrictions });
      next();
    })().catch((err: unknown) => {
      log.error({ err }, 'socket handshake failed');
      next(refuse('UNAUTHORIZED'));
    });
  });

  io.on('connection', (socket) => {
    const handshake = pending.get(socket);
    pending.delete(socket);
    if (!handshake) return void socket.disconnect(true);
    const { userId, sessionId, deviceId } = socket.data;
    void socket.join([
      channel.user(userId),
      channel.session(sessionId),
      ...(deviceId ? [channel.device(deviceId)] : []),
    ]);
    options.onConnection(socket, handshake.user, handshake.restrictions);
  });

  return io;
}
