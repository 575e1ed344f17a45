import type { IceCandidate } from '../../../shared/realtime/voice';

export type SignalKind = 'webrtc-offer' | 'webrtc-answer' | 'webrtc-ice-candidate' | 'webrtc-request-offer';

/** What a signal carries besides its addressing: an SDP, an ICE candidate, or nothing (request-offer). */
export type SignalData = { sdp: string } | { candidate: IceCandidate } | Record<string, never>;
