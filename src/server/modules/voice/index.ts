import type { Core, Module } from '../module';
import type { RoomsModule } from '../rooms';
import type { UsersModule } from '../users';
import { announceVoice } from './voice.gateway';
import { createVoiceRepo } from './voice.repo';
import { registerVoiceRoutes } from './voice.routes';
import { createVoiceService } from './voice.service';
import { registerVoiceSocket } from './voice.socket';

export type { SignalData, SignalKind } from './signal';
export type { VoiceLimits } from './voice.service';
/** ICE servers from the environment (config.ts reads them at start). */
export { parseIceServers, type IceSettings } from './ice-servers';

export type VoiceModule = Module;

/**
 * Voice rooms (issue 12): who speaks (the host's queue, under the room row's lock), the voice
 * session of each broadcast room, and the WebRTC signals relayed inside it.
 */
export function createVoiceModule(
  core: Core,
  deps: { rooms: Pick<RoomsModule, 'service'>; users: Pick<UsersModule, 'live'> },
): VoiceModule {
  const onError = core.logError('voice cleanup failed');
  const voice = createVoiceService({
    repo: createVoiceRepo(core.db),
    rooms: deps.rooms.service,
    liveUsers: deps.users.live,
    bus: core.bus,
    clock: core.clock,
    limits: core.config.voice.limits,
    ice: core.config.voice.ice,
    onError,
  });
  return {
    name: 'voice',
    async start() {
      // Alone, nobody is connected at start; with several nodes, the others' sessions are live.
      if (!core.redis) await voice.reset();
    },
    routes: (fastify, http) => registerVoiceRoutes(fastify, { voice, cookies: http.cookies }),
    gateway: announceVoice,
    sockets: (socket, ctx) => registerVoiceSocket(socket, { voice }, ctx),
    onDisconnect(socket) {
      void voice.disconnected(socket.id).catch(onError);
    },
    stop: () => voice.stop(),
  };
}
