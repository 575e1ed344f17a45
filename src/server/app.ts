import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seed } from './db/seed';
import { registerErrorHandling } from './http/error-handler';
import { createPageRenderer } from './seo/page-renderer';
import { registerSeoRoutes } from './seo/seo.routes';
import { errorBody } from './http/errors';
import { createAuthService } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createSessionCookies } from './modules/auth/request-session';
import { createSessionsRepo } from './modules/auth/sessions.repo';
import { createFloodGuard } from './modules/messages/flood';
import { createMessagesRepo } from './modules/messages/messages.repo';
import { registerMessagesRoutes } from './modules/messages/messages.routes';
import { createMessagesService } from './modules/messages/messages.service';
import { registerMessagesSocket } from './modules/messages/messages.socket';
import { createMemoryPresenceStore } from './modules/presence/presence.memory';
import { createRedisPresenceStore } from './modules/presence/presence.redis';
import { createPresenceService, type PresenceService } from './modules/presence/presence.service';
import type { PresenceStore } from './modules/presence/presence.store';
import { createRoomsRepo } from './modules/rooms/rooms.repo';
import { registerRoomsRoutes } from './modules/rooms/rooms.routes';
import { createRoomsService } from './modules/rooms/rooms.service';
import { registerRoomsSocket } from './modules/rooms/rooms.socket';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerSystemSocket } from './modules/system/system.socket';
import { createCurrentRoomWriter } from './modules/users/current-room-writer';
import { createUsersRepo } from './modules/users/users.repo';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createRealtime } from './realtime/io';
import { createPresenceBroadcaster } from './realtime/presence-broadcaster';
import { createRoomCountBroadcaster } from './realtime/room-counts';
import { channel, type AppServer } from './realtime/types';
import { LAST_SEEN_REFRESH_MS } from '../shared/constants';

/** How long shutdown waits for open HTTP connections before cutting them. */
const CLOSE_GRACE_MS = 3000;

/** Arrivals and departures in one room within this window go out as one broadcast. */
const PRESENCE_BATCH_MS = 250;

export interface App {
  fastify: FastifyInstance;
  io: AppServer;
  database: Database;
  presence: PresenceService;
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  /** Graceful stop: refuse new work, finish in-flight writes, close the database. */
  close(): Promise<void>;
}

/** Counts writes in flight so shutdown can wait for them. */
function createWriteTracker() {
  const pending = new Set<Promise<unknown>>();
  return {
    track<T>(work: Promise<T>): Promise<T> {
      pending.add(work);
      void work.then(
        () => pending.delete(work),
        () => pending.delete(work),
      );
      return work;
    },
    drain: () => Promise.allSettled([...pending]),
  };
}

export async function createApp(config: Config): Promise<App> {
  const fastify = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
  });
  await seed(database.db);

  let redis: ReturnType<typeof createClient> | undefined;
  let store: PresenceStore;
  if (config.redisUrl) {
    redis = createClient({ url: config.redisUrl });
    redis.on('error', (err: unknown) => fastify.log.error({ err }, 'redis error'));
    await redis.connect();
    store = await createRedisPresenceStore(redis, config.redisPrefix);
  } else {
    store = createMemoryPresenceStore();
  }

  const writes = createWriteTracker();
  const usersRepo = createUsersRepo(database.db);
  const sessionsRepo = createSessionsRepo(database.db);
  const roomsRepo = createRoomsRepo(database.db);
  const messagesRepo = createMessagesRepo(database.db);

  // Presence reports changes through the realtime layer, which exists only once io does.
  const live: {
    io?: AppServer;
    counts?: ReturnType<typeof createRoomCountBroadcaster>;
    presenceEvents?: ReturnType<typeof createPresenceBroadcaster>;
  } = {};
  const presence = createPresenceService(
    store,
    {
      userEnteredRoom: (roomId, user) => live.presenceEvents?.entered(roomId, user),
      userLeftRoom: (roomId, user) => live.presenceEvents?.left(roomId, user),
      roomCountChanged: (roomId) => live.counts?.markChanged(roomId),
    },
    config.presenceGraceMs,
  );

  const rooms = createRoomsService(roomsRepo, presence);
  const auth = createAuthService({ users: usersRepo, sessions: sessionsRepo, presence });
  const currentRooms = createCurrentRoomWriter(usersRepo, 2000, (err) =>
    fastify.log.error({ err }, 'current rooms not saved'),
  );
  const flood = createFloodGuard(config.messageBurst, config.messageRefillMs);
  const messages = createMessagesService({ repo: messagesRepo, rooms, presence, flood, writes });
  const cookies = createSessionCookies(fastify, auth, config.publicUrl.startsWith('https://'));

  await fastify.register(cookie, { secret: config.sessionSecret });
  await fastify.register(rateLimit, { global: false });
  // API replies and uncached pages; cached pages and built assets arrive already compressed.
  await fastify.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await fastify.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense, and only binds browsers, when the site is served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });

  registerErrorHandling(fastify);
  // The request id (ours, or the proxy's X-Request-Id) goes back to the client, to match logs to reports.
  fastify.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const disconnectSession = (sessionId: string) => live.io?.in(channel.session(sessionId)).disconnectSockets(true);
  registerAuthRoutes(fastify, {
    auth,
    cookies,
    presence,
    disconnectSession,
    attemptsPerMinute: config.authAttemptsPerMinute,
  });
  registerUsersRoutes(fastify, { users: usersRepo, cookies, presence });
  registerRoomsRoutes(fastify, { rooms });
  registerMessagesRoutes(fastify, { messages, cookies });
  registerSystemRoutes(fastify, { database, cookies, users: usersRepo });

  const webRoot = config.webDistDir;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await fastify.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // .br and .gz made at build time (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed build assets never change; everything else is revalidated.
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pages = createPageRenderer({
    webDistDir: webRoot,
    baseUrl: config.publicUrl,
    contactEmail: config.contactEmail,
  });
  registerSeoRoutes(fastify, { pages, baseUrl: config.publicUrl });
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND')));

  const io = createRealtime({
    httpServer: fastify.server,
    cookies,
    sessions: sessionsRepo,
    presence: () => presence,
    redis,
    redisPrefix: config.redisPrefix,
    log: fastify.log,
    onConnection(socket) {
      const log = socket.data ? fastify.log.child({ userId: socket.data.user.id, socketId: socket.id }) : fastify.log;
      registerSystemSocket(socket, { users: usersRepo, presence, log });
      registerRoomsSocket(socket, { rooms, presence, currentRooms, log });
      registerMessagesSocket(socket, { io, messages, log });
      socket.on(
        'disconnect',
        () => void writes.track(usersRepo.touchLastSeen([socket.data.user.id])).catch(() => undefined),
      );
    },
  });
  live.io = io;
  const counts = createRoomCountBroadcaster(io, presence, config.roomCountFlushMs);
  live.counts = counts;
  const presenceEvents = createPresenceBroadcaster(io, PRESENCE_BATCH_MS);
  live.presenceEvents = presenceEvents;

  // Once a minute, one statement refreshes last-seen for every user connected to this node.
  const lastSeenTimer = setInterval(() => {
    flood.sweep();
    const sessionIds = [...io.of('/').sockets.values()].map((socket) => socket.data.sessionId);
    void writes
      .track(
        Promise.all([usersRepo.touchLastSeen(presence.localUserIds()), sessionsRepo.touch([...new Set(sessionIds)])]),
      )
      .catch((err: unknown) => fastify.log.error({ err }, 'last-seen refresh failed'));
  }, LAST_SEEN_REFRESH_MS);
  const cleanupTimer = setInterval(() => void sessionsRepo.deleteExpired().catch(() => undefined), 60 * 60_000);
  lastSeenTimer.unref();
  cleanupTimer.unref();

  let closing: Promise<void> | undefined;
  return {
    fastify,
    io,
    database,
    presence,
    async listen() {
      await fastify.listen({ port: config.port, host: config.host });
      const address = fastify.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://127.0.0.1:${port}`;
    },
    close() {
      closing ??= (async () => {
        clearInterval(lastSeenTimer);
        clearInterval(cleanupTimer);
        counts.stop();
        presenceEvents.stop();
        // In-flight requests get a few seconds to finish; connections still open after that
        // (a peer that never finishes its request, or never answers the close) are cut, so the
        // process always stops.
        const forced = setTimeout(() => fastify.server.closeAllConnections(), CLOSE_GRACE_MS);
        // Stop accepting connections and drop sockets; clients reconnect to another node.
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await fastify.close();
        clearTimeout(forced);
        await presence.drain();
        await writes.drain();
        await currentRooms.close();
        await store.close().catch(() => undefined);
        if (redis) await redis.close().catch(() => undefined);
        await database.close();
      })();
      return closing;
    },
  };
}
