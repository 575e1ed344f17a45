/**
 * How audio travels between the people of a voice session. The session (voice-session.ts) only
 * says who speaks and what this browser publishes; a transport decides how. The mesh sends each
 * speaker's microphone straight to every listener (mesh-transport.ts); an SFU (LiveKit) would
 * replace that one module: publish to the server once, subscribe to each speaker there.
 */
import type { IceCandidate } from '../../../shared/realtime/voice';

export type SignalKind = 'webrtc-offer' | 'webrtc-answer' | 'webrtc-ice-candidate' | 'webrtc-request-offer';
export type SignalData = { sdp: string } | { candidate: IceCandidate } | Record<string, never>;

/** The signalling a transport uses: the server relays, within the session, with the sender it knows. */
export interface VoiceSignalling {
  send(kind: SignalKind, targetUserId: number, data: SignalData): void;
  /** Every signal addressed to this browser; returns the unsubscribe. */
  listen(handler: (kind: SignalKind, senderId: number, data: SignalData) => void): () => void;
}

export interface VoiceTransport {
  /** The people who speak now: their audio is received (this browser's own id is skipped). */
  setSpeakers(userIds: readonly number[]): void;
  /** Start (a track) or stop (null) sending this browser's microphone to the session. */
  publish(track: MediaStreamTrack | null): Promise<void>;
  /** Muted: nothing is sent (the track is disabled and taken off every connection). */
  setMuted(muted: boolean): void;
  /** The current audio level (0–1) of each speaker heard. */
  levels(): Map<number, number>;
  close(): void;
}
