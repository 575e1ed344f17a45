import type { ConnectionLimits } from '../../realtime/io';
import type { Core, Module } from '../module';
import { createConnectionLimits } from './connection-limits';
import { createPresenceGateway } from './presence.gateway';
import { createMemoryPresenceStore } from './presence.memory';
import { createRedisPresenceStore } from './presence.redis';
import { createPresenceService, type PresenceService } from './presence.service';

export type { PresenceService } from './presence.service';

export interface PresenceModule extends Module {
  service: PresenceService;
  /** How many sockets one user and one address may hold, across every node (the handshake asks). */
  limits: ConnectionLimits;
}

/**
 * Presence: who is online and in which room, per node and (with Redis) for the whole site; the
 * arrivals, departures and room counts that follow; the connection limits counted alongside.
 */
export async function createPresenceModule(core: Core): Promise<PresenceModule> {
  const { config, clock } = core;
  const store = core.redis
    ? await createRedisPresenceStore(core.redis, config.redisPrefix)
    : createMemoryPresenceStore();
  const presence = createPresenceService({ store, bus: core.bus, clock, graceMs: config.presenceGraceMs });
  let gateway: { stop(): void } | undefined;
  return {
    name: 'presence',
    service: presence,
    limits: createConnectionLimits(store, {
      perUser: config.maxConnectionsPerUser,
      perAddress: config.maxConnectionsPerAddress,
    }),
    gateway(live) {
      gateway = createPresenceGateway(live, {
        presence,
        clock,
        roomCountFlushMs: config.roomCountFlushMs,
        pageSize: config.presencePageSize,
      });
    },
    onConnect(socket, user) {
      void presence.connect(socket.id, user.online, user.row.usernameKey);
      // A recovered connection keeps its room: put it back in presence (cancels the pending leave).
      if (socket.recovered && socket.data.roomId) void presence.join(socket.id, user.online, socket.data.roomId);
    },
    onDisconnect(socket) {
      void presence.disconnect(socket.id, socket.data.userId);
    },
    stop() {
      gateway?.stop();
    },
    async drain() {
      await presence.drain();
      await store.close().catch(() => undefined);
    },
  };
}
