import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { seed } from './db/seed';
import { frameworkError, registerErrorHandling } from './http/error-handler';
import { createPageRenderer } from './seo/page-renderer';
import { registerSeoRoutes } from './seo/seo.routes';
import { errorBody } from './http/errors';
import { MULTIPART_LIMITS } from './http/multipart';
import { createAuthService } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createSessionCookies } from './modules/auth/request-session';
import { createSessionsRepo } from './modules/auth/sessions.repo';
import { createMessagesRepo } from './modules/messages/messages.repo';
import { registerMessagesRoutes } from './modules/messages/messages.routes';
import { createConnectionModule } from './modules/connection/connection.module';
import { createMessagesService } from './modules/messages/messages.service';
import { registerMessagesSocket } from './modules/messages/messages.socket';
import { createTypingService } from './modules/messages/typing.service';
import { createMemoryPresenceStore } from './modules/presence/presence.memory';
import { createRedisPresenceStore } from './modules/presence/presence.redis';
import { createPresenceService, type PresenceService } from './modules/presence/presence.service';
import type { PresenceStore } from './modules/presence/presence.store';
import { createRoomsRepo } from './modules/rooms/rooms.repo';
import { registerRoomsRoutes } from './modules/rooms/rooms.routes';
import { createRoomsService, type RoomsService } from './modules/rooms/rooms.service';
import { registerRoomsSocket } from './modules/rooms/rooms.socket';
import { registerSystemRoutes } from './modules/system/system.routes';
import { registerSystemSocket } from './modules/system/system.socket';
import { createCurrentRoomWriter } from './modules/users/current-room-writer';
import { createLiveUsers } from './modules/users/live-users';
import { createSanctionsRepo } from './modules/moderation/sanctions.repo';
import { createModerationLog, type ModerationLog } from './modules/moderation/moderation-log';
import { registerModerationRoutes } from './modules/moderation/moderation.routes';
import { createSanctionsService } from './modules/moderation/sanctions.service';
import { createUsersRepo } from './modules/users/users.repo';
import { registerUsersRoutes } from './modules/users/users.routes';
import { createUsersService, type UsersService } from './modules/users/users.service';
import { keepCachesCoherent } from './realtime/cache-coherence';
import { createConnectionLimits } from './realtime/connection-limits';
import { createGateway } from './realtime/gateway';
import { createRealtime } from './realtime/io';
import type { AppServer } from './realtime/types';
import { systemClock, type Clock } from './clock';
import { createEventBus } from './events/event-bus';
import type { DomainEventBus, DomainEvents } from './events/domain-events';
import { originChecker, refuseCrossSiteRequests } from './http/origin';
import { createMessageFlood } from './limits/message-flood';
import { registerAbuseRoutes } from './modules/abuse/abuse.routes';
import { createPrivateMessagesRepo } from './modules/private-messages/private-messages.repo';
import { registerPrivateMessagesRoutes } from './modules/private-messages/private-messages.routes';
import { createPrivateMessagesService } from './modules/private-messages/private-messages.service';
import { registerPrivateMessagesSocket } from './modules/private-messages/private-messages.socket';
import { createReportsRepo } from './modules/abuse/reports.repo';
import { createReportsService } from './modules/abuse/reports.service';
import { createWordFilterRepo } from './modules/abuse/word-filter.repo';
import { createWordFilterService, type WordFilterService } from './modules/abuse/word-filter.service';
import { createRoomIconStore } from './uploads/room-icons';
import { createSettingsRepo } from './modules/settings/settings.repo';
import { registerSettingsRoutes } from './modules/settings/settings.routes';
import { keepSiteThemeInSync } from './modules/settings/site-theme-sync';
import { createSiteThemeService } from './modules/settings/site-theme.service';
import { registerUploadRoutes } from './uploads/uploads.routes';
import { createChatImageStore } from './uploads/images.store';
import { registerChatImageRoutes } from './uploads/images.routes';
import { createAvatarStore } from './uploads/avatars';
import { registerAvatarRoutes } from './uploads/avatars.routes';
import { createCredentialsService } from './modules/auth/credentials.service';
import { registerCredentialsRoutes } from './modules/auth/credentials.routes';
import { createAccountDataRepo } from './modules/users/account-data.repo';
import { createAccountService } from './modules/users/account.service';
import { registerAccountRoutes } from './modules/users/account.routes';
import { LAST_SEEN_REFRESH_MS } from '../shared/constants';
import { createVoiceRepo } from './modules/voice/voice.repo';
import { registerVoiceRoutes } from './modules/voice/voice.routes';
import { createVoiceService } from './modules/voice/voice.service';
import { registerVoiceSocket } from './modules/voice/voice.socket';
import { createSocialModules } from './modules/social-wiring';

/** How long shutdown waits for open HTTP connections before cutting them. */
const CLOSE_GRACE_MS = 3000;

export interface App {
  fastify: FastifyInstance;
  io: AppServer;
  database: Database;
  presence: PresenceService;
  bus: DomainEventBus;
  clock: Clock;
  services: { rooms: RoomsService; users: UsersService; moderationLog: ModerationLog; words: WordFilterService };
  /** Starts listening; resolves to the base URL. */
  listen(): Promise<string>;
  /** Graceful stop: refuse new work, finish in-flight writes, close the database. */
  close(): Promise<void>;
}

export interface AppOptions {
  /** Time for every rule that depends on it; tests pass a clock they move forward. */
  clock?: Clock;
  /** A migrated PGlite dump an in-memory database starts from (tests: made once per run). */
  databaseSnapshot?: string;
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

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const clock = options.clock ?? systemClock;
  const fastify = Fastify({
    logger: { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Refusals the router makes before any route runs (a malformed or over-long path segment)
    // leave in the same Arabic error body as every other.
    frameworkErrors: frameworkError,
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    inMemory: config.inMemoryDatabase,
    snapshot: options.databaseSnapshot,
    onError: (err) => fastify.log.error({ err }, 'database connection error'),
  });
  await seed(database.db, { warn: (message, details) => fastify.log.warn(details, message) });

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

  const logError = (message: string) => (err: unknown) => fastify.log.error({ err }, message);
  const bus = createEventBus<DomainEvents>((err, name) =>
    fastify.log.error({ err, event: name }, 'event handler failed'),
  );
  const writes = createWriteTracker();
  const usersRepo = createUsersRepo(database.db);
  const sessionsRepo = createSessionsRepo(database.db);
  const messagesRepo = createMessagesRepo(database.db);

  const presence = createPresenceService({ store, bus, clock, graceMs: config.presenceGraceMs });
  const sanctionsRepo = createSanctionsRepo(database.db);
  const moderationLog = createModerationLog(database.db);
  const liveUsers = createLiveUsers({
    users: usersRepo,
    sanctions: sanctionsRepo,
    clock,
    onChange: (user) =>
      void presence.refreshUser(user.online, user.row.usernameKey).catch(logError('presence refresh failed')),
    onError: logError('user reload failed'),
  });
  const currentRooms = createCurrentRoomWriter(usersRepo, 2000, clock, logError('current rooms not saved'));
  // Set once Socket.IO exists: a new word list reaches the other nodes through its adapter.
  let syncWordFilter = (): Promise<void> => Promise.resolve();
  const words = createWordFilterService({
    repo: createWordFilterRepo(database.db),
    log: moderationLog,
    syncNodes: () => syncWordFilter(),
    onError: logError('word filter reload failed'),
  });
  await words.load();
  // Several nodes must share this folder (a shared volume), as they share the database.
  const roomIcons = createRoomIconStore(path.join(config.dataDir, 'uploads', 'rooms'));
  const chatImages = createChatImageStore({
    db: database.db,
    dir: path.join(config.dataDir, 'uploads', 'images'),
    now: () => clock.now(),
  });
  const rooms = createRoomsService({
    repo: createRoomsRepo(database.db),
    presence,
    liveUsers,
    currentRooms,
    bus,
    clock,
    icons: roomIcons,
    log: moderationLog,
    words,
  });
  await rooms.load();
  const voice = createVoiceService({
    repo: createVoiceRepo(database.db),
    rooms,
    liveUsers,
    bus,
    clock,
    limits: config.voice.limits,
    ice: config.voice.ice,
    onError: logError('voice cleanup failed'),
  });
  if (!redis) await voice.reset();
  const users = createUsersService({
    repo: usersRepo,
    presence,
    bus,
    log: moderationLog,
    screenName: (name) => words.screenName(name),
  });
  const avatars = createAvatarStore(path.join(config.dataDir, 'uploads', 'avatars'));
  const account = createAccountService({
    users: usersRepo,
    data: createAccountDataRepo(database.db),
    sessions: sessionsRepo,
    presence,
    avatars,
    bus,
    // The friends module is built further down; the export reads it only when asked.
    exportSections: { friends: (userId) => social.friends.exported(userId) },
  });
  const credentials = createCredentialsService({ users: usersRepo, sessions: sessionsRepo, bus });
  const sanctions = createSanctionsService({
    repo: sanctionsRepo,
    users: usersRepo,
    sessions: sessionsRepo,
    presence,
    log: moderationLog,
    bus,
    clock,
  });
  const auth = createAuthService({
    users: usersRepo,
    sessions: sessionsRepo,
    presence,
    bus,
    mayEnter: (subject) => sanctions.assertMayEnter(subject),
    screenName: (name) => words.screenName(name),
  });
  const reports = createReportsService({
    repo: createReportsRepo(database.db),
    messages: messagesRepo,
    users: usersRepo,
    rooms,
    log: moderationLog,
    bus,
    clock,
    limit: config.reportLimit,
  });
  // One allowance per person for room and private messages together: a flood is a flood wherever it goes.
  const flood = createMessageFlood({ limits: config.messageFlood, clock, redis, prefix: config.redisPrefix });
  const social = createSocialModules({
    db: database.db,
    users: usersRepo,
    messages: messagesRepo,
    rooms,
    presence,
    bus,
    clock,
    onError: logError('notification not stored'),
  });
  const messages = createMessagesService({
    repo: messagesRepo,
    rooms,
    presence,
    liveUsers,
    flood,
    words,
    reports,
    writes,
    bus,
    users: usersRepo,
    log: moderationLog,
    images: chatImages,
    clock,
    extras: social.messageExtras,
    onError: logError('flagged message not reported'),
  });
  const typing = createTypingService({ liveUsers, bus, clock });
  const siteTheme = createSiteThemeService({ repo: createSettingsRepo(database.db), bus });
  await siteTheme.load();
  const privateMessages = createPrivateMessagesService({
    repo: createPrivateMessagesRepo(database.db),
    users: usersRepo,
    sanctions: sanctionsRepo,
    presence,
    liveUsers,
    flood,
    words,
    reports,
    writes,
    bus,
    images: chatImages,
    clock,
    people: social.people,
    onError: logError('flagged private message not reported'),
  });
  const cookies = createSessionCookies(fastify, auth, config.publicUrl.startsWith('https://'));
  const isAllowedOrigin = originChecker(config.publicUrl, config.allowedOrigins, {
    trustHost: !config.publicUrlExplicit,
  });

  await fastify.register(cookie, { secret: config.sessionSecret });
  // Uploads (room pictures): read by `route()` for endpoints with `files`, within these limits.
  await fastify.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  // Every API call counts against one allowance per address; sign-in routes have a tighter one.
  await fastify.register(rateLimit, {
    global: true,
    max: config.apiRequestsPerMinute,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
  });
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
  refuseCrossSiteRequests(fastify, isAllowedOrigin);
  registerAuthRoutes(fastify, { auth, cookies, presence, attemptsPerMinute: config.authAttemptsPerMinute });
  registerUsersRoutes(fastify, { users, cookies });
  registerCredentialsRoutes(fastify, {
    credentials,
    cookies,
    presence,
    attemptsPerMinute: config.authAttemptsPerMinute,
  });
  registerAccountRoutes(fastify, { account, cookies, attemptsPerMinute: config.authAttemptsPerMinute });
  registerAvatarRoutes(fastify, { avatars });
  registerRoomsRoutes(fastify, { rooms, cookies });
  registerUploadRoutes(fastify, { roomIcons });
  registerChatImageRoutes(fastify, { images: chatImages, cookies });
  const connection = createConnectionModule({
    db: database.db,
    clock,
    secret: config.sessionSecret,
    sessions: sessionsRepo,
    onError: logError('connection report pruning failed'),
  });
  registerMessagesRoutes(fastify, { messages, cookies, pollTokens: connection.pollTokens });
  connection.register(fastify, cookies);
  registerPrivateMessagesRoutes(fastify, { privateMessages, cookies });
  registerModerationRoutes(fastify, { sanctions, log: moderationLog, presence, cookies });
  registerAbuseRoutes(fastify, { reports, words, cookies });
  registerVoiceRoutes(fastify, { voice, cookies });
  registerSystemRoutes(fastify, { database, cookies, users: usersRepo, clock });
  social.registerRoutes(fastify, cookies);
  registerSettingsRoutes(fastify, { siteTheme, cookies });

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
    installable: config.serviceWorker,
    siteTheme: () => siteTheme.current(),
  });
  registerSeoRoutes(fastify, { pages, baseUrl: config.publicUrl, cookies });
  fastify.setNotFoundHandler((_request, reply) => reply.code(404).send(errorBody('NOT_FOUND')));

  const io = createRealtime({
    httpServer: fastify.server,
    cookies,
    sessions: sessionsRepo,
    limits: createConnectionLimits(store, {
      perUser: config.maxConnectionsPerUser,
      perAddress: config.maxConnectionsPerAddress,
    }),
    isAllowedOrigin,
    trustProxy: config.trustProxy,
    clock,
    redis,
    redisPrefix: config.redisPrefix,
    log: fastify.log,
    checkSanctions: (subject) => sanctions.assertMayEnter(subject),
    onConnection(socket, row, restrictions) {
      const user = liveUsers.hold(row, restrictions);
      const { sessionId } = socket.data;
      void socket.join(gateway.channelsFor(user.row.id, sessionId, user.actor.role, socket.data.deviceId));
      // What the people this user ignores do is not sent to this socket.
      void social.ignoringChannels(user.row.id).then((channels) => socket.join(channels), logError('ignores not read'));
      void presence.connect(socket.id, user.online, user.row.usernameKey);
      // A recovered connection keeps its room: put it back in presence (cancels the pending leave).
      if (socket.recovered && socket.data.roomId) void presence.join(socket.id, user.online, socket.data.roomId);
      const ctx = { clock, log: fastify.log.child({ userId: user.row.id, socketId: socket.id }) };
      registerSystemSocket(socket, { liveUsers, clock }, ctx);
      registerRoomsSocket(socket, { rooms }, ctx);
      registerMessagesSocket(socket, { messages, typing }, ctx);
      registerPrivateMessagesSocket(socket, { privateMessages }, ctx);
      registerVoiceSocket(socket, { voice }, ctx);
      socket.on('disconnect', () => {
        const userId = socket.data.userId;
        void presence.disconnect(socket.id, userId);
        void voice.disconnected(socket.id).catch(logError('voice cleanup failed'));
        liveUsers.release(userId);
        void writes.track(usersRepo.touchLastSeen([userId])).catch(() => undefined);
      });
    },
  });
  // Caches first: other nodes hear of a change before its broadcast does.
  const coherence = keepCachesCoherent({
    io,
    bus,
    liveUsers,
    rooms,
    words,
    clustered: Boolean(redis),
    onError: logError('cache reload failed'),
  });
  syncWordFilter = coherence.syncWordFilter;
  const stopThemeSync = keepSiteThemeInSync({ io, bus, siteTheme, clustered: Boolean(redis) });
  const gateway = createGateway({
    io,
    bus,
    rooms,
    presence,
    clock,
    roomCountFlushMs: config.roomCountFlushMs,
    clustered: Boolean(redis),
    onError: logError('broadcast failed'),
  });

  // Once a minute, one statement refreshes last-seen for every user connected to this node.
  const lastSeenTimer = clock.every(LAST_SEEN_REFRESH_MS, () => {
    const sessionIds = [...io.of('/').sockets.values()].map((socket) => socket.data.sessionId);
    void writes
      .track(
        Promise.all([usersRepo.touchLastSeen(presence.localUserIds()), sessionsRepo.touch([...new Set(sessionIds)])]),
      )
      .catch(logError('last-seen refresh failed'));
  });
  const cleanupTimer = clock.every(60 * 60_000, () => void sessionsRepo.deleteExpired().catch(() => undefined));

  let closing: Promise<void> | undefined;
  return {
    fastify,
    io,
    database,
    presence,
    bus,
    clock,
    services: { rooms, users, moderationLog, words },
    async listen() {
      await fastify.listen({ port: config.port, host: config.host });
      const address = fastify.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://127.0.0.1:${port}`;
    },
    close() {
      closing ??= (async () => {
        lastSeenTimer.cancel();
        social.stop();
        cleanupTimer.cancel();
        connection.stop();
        gateway.stop();
        voice.stop();
        coherence.stop();
        stopThemeSync();
        // In-flight requests get a few seconds to finish; connections still open after that
        // (a peer that never finishes its request, or never answers the close) are cut, so the
        // process always stops.
        const forced = clock.after(CLOSE_GRACE_MS, () => fastify.server.closeAllConnections());
        // Stop accepting connections and drop sockets; clients reconnect to another node.
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await fastify.close();
        forced.cancel();
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
