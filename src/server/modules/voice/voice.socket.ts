import { handle, type HandlerContext } from '../../realtime/socket-handlers';
import type { AppSocket } from '../../realtime/types';
import { voiceChannel } from './voice-channels';
import type { VoiceSocket, VoiceService } from './voice.service';

function voiceSocketOf(socket: AppSocket): VoiceSocket {
  return {
    id: socket.id,
    userId: socket.data.userId,
    get roomId() {
      return socket.data.roomId;
    },
    inVoice: (roomId) => socket.rooms.has(voiceChannel.member(roomId, socket.data.userId)),
    async enterVoice(roomId) {
      await socket.join([voiceChannel.session(roomId), voiceChannel.member(roomId, socket.data.userId)]);
    },
    async exitVoice(roomId) {
      await Promise.all([
        socket.leave(voiceChannel.session(roomId)),
        socket.leave(voiceChannel.member(roomId, socket.data.userId)),
      ]);
    },
  };
}

export function registerVoiceSocket(socket: AppSocket, deps: { voice: VoiceService }, ctx: HandlerContext) {
  const live = voiceSocketOf(socket);
  const { voice } = deps;

  handle(socket, 'voiceJoin', async ({ roomId }) => ({ room: await voice.join(live, roomId) }), ctx);
  handle(
    socket,
    'voiceLeave',
    async ({ roomId }) => {
      await voice.leave(live, roomId);
      return {};
    },
    ctx,
  );
  handle(
    socket,
    'webrtc-offer',
    async ({ roomId, targetUserId, sdp }) => {
      voice.signal(live, 'webrtc-offer', roomId, targetUserId, { sdp });
      return {};
    },
    ctx,
  );
  handle(
    socket,
    'webrtc-answer',
    async ({ roomId, targetUserId, sdp }) => {
      voice.signal(live, 'webrtc-answer', roomId, targetUserId, { sdp });
      return {};
    },
    ctx,
  );
  handle(
    socket,
    'webrtc-ice-candidate',
    async ({ roomId, targetUserId, candidate }) => {
      voice.signal(live, 'webrtc-ice-candidate', roomId, targetUserId, { candidate });
      return {};
    },
    ctx,
  );
  handle(
    socket,
    'webrtc-request-offer',
    async ({ roomId, targetUserId }) => {
      voice.signal(live, 'webrtc-request-offer', roomId, targetUserId, {});
      return {};
    },
    ctx,
  );
}
