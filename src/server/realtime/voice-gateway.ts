import type { DomainEventBus } from '../events/domain-events';
import { voiceChannel } from '../modules/voice/voice-channels';
import { channel, type AppServer } from './types';

/**
 * The voice part of the gateway: who hears the microphone queue's events, and where a relayed
 * WebRTC signal goes (the target's socket in the session, on whichever node it is).
 */
export function createVoiceGateway(io: AppServer, bus: DomainEventBus): () => void {
  const offs = [
    bus.subscribe('voice.micRequested', ({ roomId, userId, username, gender, hostId }) => {
      const hosts = hostId === null ? [channel.staff] : [channel.staff, channel.user(hostId)];
      io.to(hosts).emit('micRequested', { roomId, userId, username, gender });
    }),
    bus.subscribe('voice.micApproved', ({ roomId, userId }) =>
      io.to([voiceChannel.session(roomId), channel.user(userId)]).emit('micApproved', { roomId, userId }),
    ),
    bus.subscribe('voice.micRejected', ({ roomId, userId, hostId }) => {
      const told = [channel.user(userId), channel.staff, ...(hostId === null ? [] : [channel.user(hostId)])];
      io.to(told).emit('micRejected', { roomId, userId });
    }),
    bus.subscribe('voice.speakerRemoved', ({ roomId, userId, reason }) =>
      io.to([voiceChannel.session(roomId), channel.user(userId)]).emit('speakerRemoved', { roomId, userId, reason }),
    ),
    bus.subscribe('voice.left', ({ roomId, userId, socketId }) => {
      const channels = [voiceChannel.session(roomId), voiceChannel.member(roomId, userId)];
      io.in(socketId ?? voiceChannel.member(roomId, userId)).socketsLeave(channels);
    }),
    bus.subscribe('voice.signal', ({ kind, roomId, senderId, targetUserId, data }) => {
      const to = io.to(voiceChannel.member(roomId, targetUserId));
      if (kind === 'webrtc-request-offer') to.emit(kind, { roomId, senderId });
      else if ('sdp' in data && (kind === 'webrtc-offer' || kind === 'webrtc-answer'))
        to.emit(kind, { roomId, senderId, sdp: data.sdp });
      else if ('candidate' in data && kind === 'webrtc-ice-candidate')
        to.emit(kind, { roomId, senderId, candidate: data.candidate });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
