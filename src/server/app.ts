import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { openCore } from './core';
import type { Database } from './db/client';
import type { DomainEventBus } from './events/domain-events';
import { originChecker } from './http/origin';
import { createHttpServer, refuseUnknownRoutes, registerHttpBasics } from './http/server';
import { createAccountModule } from './modules/account';
import { createAuthModule } from './modules/auth';
import { createConnectionReportsModule } from './modules/connection-reports';
import { createFriendsModule } from './modules/friends';
import { createIgnoreModule } from './modules/ignore';
import { createImagesModule } from './modules/images';
import { createMessagesModule } from './modules/messages';
import { createModerationModule, type ModerationLog, type WordFilterService } from './modules/moderation';
import type { Module } from './modules/module';
import { createNotificationsModule } from './modules/notifications';
import { createPagesModule } from './modules/pages';
import { createPresenceModule, type PresenceService } from './modules/presence';
import { createPrivateMessagesModule } from './modules/private-messages';
import { createPushModule } from './modules/push';
import { createReactionsModule } from './modules/reactions';
import { createRetentionModule, type RetentionModule } from './modules/retention';
import { createRoomsModule, type RoomsService } from './modules/rooms';
import { createSettingsModule } from './modules/settings';
import { createStoriesModule } from './modules/stories';
import { createSystemModule } from './modules/system';
import { createUsersModule, type UsersService } from './modules/users';
import { createVoiceModule } from './modules/voice';
import { createWallsModule } from './modules/walls';
import { createVoiceNotesModule } from './modules/voice-notes';
import { createRealtime } from './realtime/io';
import { createLive } from './realtime/live';
import type { AppServer } from './realtime/types';

/** How long shutdown waits for open HTTP connections before cutting them. */
const CLOSE_GRACE_MS = 3000;

export interface App {
  fastify: FastifyInstance;
  io: AppServer;
  database: Database;
  presence: PresenceService;
  bus: DomainEventBus;
  clock: Clock;
  services: {
    rooms: RoomsService;
    users: UsersService;
    moderationLog: ModerationLog;
    words: WordFilterService;
    retention: Pick<RetentionModule, 'runPass' | 'lastRun'>;
  };
  /** Every module, in hook order (tests reach a module's retention rules through it). */
  modules: readonly Module[];
  /** Every module's retention rules, by kind (what `npm run retention` must run too). */
  retentionKinds: string[];
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

export async function createApp(config: Config, options: AppOptions = {}): Promise<App> {
  const clock = options.clock ?? systemClock;
  const fastify = createHttpServer(config);
  const core = await openCore(config, { clock, log: fastify.log, databaseSnapshot: options.databaseSnapshot });

  // Each module is built from the shared pieces and the modules above it.
  const presence = await createPresenceModule(core);
  const moderation = createModerationModule(core, {
    presence,
    // Built below, since they screen names and record actions through moderation: what it reads
    // of them is called only when someone acts.
    lookups: {
      users: { findById: (id) => users.repo.findById(id) },
      sessions: {
        lastAddressOf: (id) => auth.sessions.lastAddressOf(id),
        deleteAllOf: (id) => auth.sessions.deleteAllOf(id),
      },
      messages: { findShown: (id) => messages.findShown(id) },
      rooms: { requireEnterable: (actor, roomId) => rooms.service.requireEnterable(actor, roomId) },
    },
  });
  const users = createUsersModule(core, { presence, moderation });
  const auth = createAuthModule(core, { fastify, users, presence, moderation });
  const rooms = createRoomsModule(core, { presence, users, moderation });
  const voice = createVoiceModule(core, { rooms, users });
  const images = createImagesModule(core);
  const voiceNotes = createVoiceNotesModule(core);
  const ignore = createIgnoreModule(core, { users, presence });
  const friends = createFriendsModule(core, { users, ignore, presence });
  const reactions = createReactionsModule(core, { rooms, users });
  const notifications = createNotificationsModule(core, { users, ignore, presence });
  const messages = createMessagesModule(core, {
    ...{ rooms, presence, users, moderation, images, reactions, ignore, auth },
    voiceNotes,
  });
  const privateMessages = createPrivateMessagesModule(core, {
    ...{ users, presence, moderation, images, friends, ignore },
    voiceNotes,
  });
  const walls = createWallsModule(core, { users, presence, friends, ignore, moderation, images });
  const stories = createStoriesModule(core, { friends, ignore, images, privateMessages, moderation, presence });
  const settings = createSettingsModule(core);
  const account = createAccountModule(core, { users, auth, presence, images, modules: () => modules });
  const connectionReports = createConnectionReportsModule(core, { auth });
  const push = createPushModule(core, { ignore, presence });
  // Every module's rules, run hourly (the privacy page's periods).
  const retention = createRetentionModule(core, { rules: () => modules.flatMap((module) => module.retention ?? []) });
  const system = createSystemModule(core, { users, retention });
  const pages = createPagesModule(core, { settings });

  // Every hook runs in this order; the pages come last, as their routes answer any other path.
  const modules: Module[] = [
    presence,
    moderation,
    users,
    auth,
    rooms,
    voice,
    images,
    voiceNotes,
    ignore,
    friends,
    reactions,
    notifications,
    messages,
    privateMessages,
    walls,
    stories,
    settings,
    account,
    connectionReports,
    push,
    retention,
    system,
    pages,
  ];
  for (const module of modules) await module.start?.();

  const isAllowedOrigin = originChecker(config.publicUrl, config.allowedOrigins, {
    trustHost: !config.publicUrlExplicit,
  });
  await registerHttpBasics(fastify, config, isAllowedOrigin, core.redis);
  for (const module of modules) await module.routes?.(fastify, { cookies: auth.cookies });
  refuseUnknownRoutes(fastify);

  const io = createRealtime({
    httpServer: fastify.server,
    sessions: auth.handshake,
    limits: presence.limits,
    isAllowedOrigin,
    trustProxy: config.trustProxy,
    clock,
    redis: core.redis,
    redisPrefix: config.redisPrefix,
    log: fastify.log,
    checkSanctions: (subject) => moderation.sanctions.assertMayEnter(subject),
    onConnection(socket, row, restrictions) {
      const user = users.live.hold(row, restrictions);
      for (const module of modules) module.onConnect?.(socket, user);
      const ctx = { clock, log: fastify.log.child({ userId: user.row.id, socketId: socket.id }) };
      for (const module of modules) module.sockets?.(socket, ctx);
      socket.on('disconnect', () => {
        for (const module of modules) module.onDisconnect?.(socket);
      });
    },
  });
  const live = createLive({
    io,
    bus: core.bus,
    clustered: core.redis !== undefined,
    onError: core.logError('broadcast failed'),
    onReloadError: core.logError('cache reload failed'),
  });
  // Caches first: other nodes hear of a change before its broadcast does.
  for (const module of modules) module.caches?.(live);
  for (const module of modules) module.gateway?.(live);

  let closing: Promise<void> | undefined;
  return {
    fastify,
    io,
    database: core.database,
    presence: presence.service,
    bus: core.bus,
    clock,
    services: {
      rooms: rooms.service,
      users: users.service,
      moderationLog: moderation.log,
      words: moderation.words,
      retention,
    },
    modules,
    retentionKinds: modules.flatMap((module) => (module.retention ?? []).map((rule) => rule.kind)),
    async listen() {
      await fastify.listen({ port: config.port, host: config.host });
      const address = fastify.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://127.0.0.1:${port}`;
    },
    close() {
      closing ??= (async () => {
        live.stop();
        for (const module of modules) module.stop?.();
        // In-flight requests get a few seconds to finish; connections still open after that
        // (a peer that never finishes its request, or never answers the close) are cut, so the
        // process always stops.
        const forced = clock.after(CLOSE_GRACE_MS, () => fastify.server.closeAllConnections());
        // Stop accepting connections and drop sockets; clients reconnect to another node.
        await new Promise<void>((resolve) => io.close(() => resolve()));
        await fastify.close();
        forced.cancel();
        for (const module of modules) await module.drain?.();
        await core.writes.drain();
        if (core.redis) await core.redis.close().catch(() => undefined);
        await core.database.close();
      })();
      return closing;
    },
  };
}
