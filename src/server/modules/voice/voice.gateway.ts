import type { Live } from '../../realtime/live';
import { channel } from '../../realtime/types';
import { voiceChannel } from './voice-channels';

/**
 * Who hears voice: the microphone queue's events (the host and staff, the session, the person),
 * and where a relayed WebRTC signal goes (the target's socket in the session, on whichever node
 * it is).
 */
export function announceVoice(live: Live): void {
  const { io } = live;
  live.on('voice.micRequested', ({ roomId, userId, username, gender, hostId }) => {
    const hosts = hostId === null ? [channel.staff] : [channel.staff, channel.user(hostId)];
    io.to(hosts).emit('micRequested', { roomId, userId, username, gender });
  });
  live.on('voice.micApproved', ({ roomId, userId }) =>
    io.to([voiceChannel.session(roomId), channel.user(userId)]).emit('micApproved', { roomId, userId }),
  );
  live.on('voice.micRejected', ({ roomId, userId, hostId }) => {
    const told = [channel.user(userId), channel.staff, ...(hostId === null ? [] : [channel.user(hostId)])];
    io.to(told).emit('micRejected', { roomId, userId });
  });
  live.on('voice.speakerRemoved', ({ roomId, userId, reason }) =>
    io.to([voiceChannel.session(roomId), channel.user(userId)]).emit('speakerRemoved', { roomId, userId, reason }),
  );
  live.on('voice.left', ({ roomId, userId, socketId }) => {
    const channels = [voiceChannel.session(roomId), voiceChannel.member(roomId, userId)];
    io.in(socketId ?? voiceChannel.member(roomId, userId)).socketsLeave(channels);
  });
  live.on('voice.signal', ({ kind, roomId, senderId, targetUserId, data }) => {
    const to = io.to(voiceChannel.member(roomId, targetUserId));
    if (kind === 'webrtc-request-offer') to.emit(kind, { roomId, senderId });
    else if ('sdp' in data && (kind === 'webrtc-offer' || kind === 'webrtc-answer'))
      to.emit(kind, { roomId, senderId, sdp: data.sdp });
    else if ('candidate' in data && kind === 'webrtc-ice-candidate')
      to.emit(kind, { roomId, senderId, candidate: data.candidate });
  });
}
