import type { VoiceSignalling, VoiceTransport, SignalData, SignalKind } from './transport';

/** Candidates found within this time go inside the SDP; later ones follow one by one. */
const GATHER_WAIT_MS = 1500;
/** A connection that failed is asked for again after this long (once per failure). */
const RETRY_MS = 2000;

interface Peer {
  pc: RTCPeerConnection;
  /** The speaker's audio, played (inbound peers only). */
  audio?: HTMLAudioElement;
  /** The local description was sent: later candidates are sent on their own. */
  described: boolean;
}

function waitForCandidates(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_WAIT_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

const ufragOf = (sdp: string | undefined) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];

/**
 * Mesh: every speaker holds one outbound connection per listener (send only) and every listener
 * one inbound connection per speaker (receive only). A listener asks each speaker for an offer
 * (`webrtc-request-offer`); the speaker answers with an offer carrying its microphone track.
 * Upload grows with the audience: see docs/voice.md for the measured limits.
 */
export class MeshTransport implements VoiceTransport {
  private readonly inbound = new Map<number, Peer>();
  private readonly outbound = new Map<number, Peer>();
  private speakers: readonly number[] = [];
  private track: MediaStreamTrack | null = null;
  private stream: MediaStream | null = null;
  private muted = false;
  private closed = false;
  private readonly stopListening: () => void;
  private readonly retries = new Set<ReturnType<typeof setTimeout>>();
  /** Speakers asked for an offer that has not come yet. */
  private readonly asked = new Set<number>();
  /** Listeners who asked before this browser had its microphone: they get an offer once it has. */
  private readonly waiting = new Set<number>();

  constructor(
    private readonly myId: number,
    private readonly signalling: VoiceSignalling,
    private readonly iceServers: RTCIceServer[],
  ) {
    this.stopListening = signalling.listen((kind, senderId, data) => void this.onSignal(kind, senderId, data));
  }

  setSpeakers(userIds: readonly number[]): void {
    this.speakers = userIds;
    for (const id of userIds)
      if (id !== this.myId && !this.inbound.has(id) && !this.asked.has(id)) this.askForOffer(id);
    for (const id of [...this.inbound.keys()]) if (!userIds.includes(id)) this.drop(this.inbound, id);
    for (const id of [...this.asked]) if (!userIds.includes(id)) this.asked.delete(id);
  }

  async publish(track: MediaStreamTrack | null): Promise<void> {
    this.track = track;
    this.stream = track ? new MediaStream([track]) : null;
    if (!track) {
      for (const id of [...this.outbound.keys()]) this.drop(this.outbound, id);
      return;
    }
    track.enabled = !this.muted;
    const waiting = [...this.waiting];
    this.waiting.clear();
    await Promise.all(waiting.map((id) => this.offerTo(id).catch(() => undefined)));
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (this.track) this.track.enabled = !muted;
    for (const { pc } of this.outbound.values())
      for (const sender of pc.getSenders()) void sender.replaceTrack(muted ? null : this.track).catch(() => undefined);
  }

  levels(): Map<number, number> {
    const levels = new Map<number, number>();
    for (const [id, { pc }] of this.inbound) {
      const source = pc.getReceivers()[0]?.getSynchronizationSources()[0];
      levels.set(id, source?.audioLevel ?? 0);
    }
    return levels;
  }

  close(): void {
    this.closed = true;
    this.stopListening();
    for (const timer of this.retries) clearTimeout(timer);
    for (const id of [...this.inbound.keys()]) this.drop(this.inbound, id);
    for (const id of [...this.outbound.keys()]) this.drop(this.outbound, id);
  }

  // ---- connections ----------------------------------------------------------------------------

  /** Asks a speaker for an offer, and again later while none came (the speaker was not ready, or busy). */
  private askForOffer(speakerId: number, attempt = 0): void {
    this.asked.add(speakerId);
    this.signalling.send('webrtc-request-offer', speakerId, {});
    const timer = setTimeout(
      () => {
        this.retries.delete(timer);
        if (this.closed || this.inbound.has(speakerId) || !this.speakers.includes(speakerId)) return;
        this.askForOffer(speakerId, attempt + 1);
      },
      // 2, 4, 6, 8, then every 10 s while the speaker speaks and no offer came (a busy speaker).
      RETRY_MS * Math.min(attempt + 1, 5),
    );
    this.retries.add(timer);
  }

  private newPeer(peers: Map<number, Peer>, peerId: number): Peer {
    this.drop(peers, peerId);
    const pc = new RTCPeerConnection({ iceServers: this.iceServers, bundlePolicy: 'max-bundle' });
    const peer: Peer = { pc, described: false };
    peers.set(peerId, peer);
    pc.addEventListener('icecandidate', ({ candidate }) => {
      if (!candidate || !peer.described || !candidate.candidate) return;
      this.signalling.send('webrtc-ice-candidate', peerId, {
        candidate: {
          candidate: candidate.candidate,
          sdpMid: candidate.sdpMid,
          sdpMLineIndex: candidate.sdpMLineIndex,
          usernameFragment: candidate.usernameFragment,
        },
      });
    });
    pc.addEventListener('connectionstatechange', () => {
      if (pc.connectionState !== 'failed' || peers.get(peerId) !== peer) return;
      this.drop(peers, peerId);
      // A listener asks the speaker again; a speaker waits to be asked.
      if (peers === this.inbound && this.speakers.includes(peerId)) this.askForOffer(peerId);
    });
    return peer;
  }

  private drop(peers: Map<number, Peer>, peerId: number): void {
    const peer = peers.get(peerId);
    if (!peer) return;
    peers.delete(peerId);
    peer.pc.close();
    if (peer.audio) {
      peer.audio.pause();
      peer.audio.srcObject = null;
      peer.audio.remove();
    }
  }

  private async onSignal(kind: SignalKind, senderId: number, data: SignalData): Promise<void> {
    if (this.closed) return;
    try {
      if (kind === 'webrtc-request-offer') await this.offerTo(senderId);
      else if (kind === 'webrtc-offer' && 'sdp' in data) await this.answer(senderId, data.sdp);
      else if (kind === 'webrtc-answer' && 'sdp' in data)
        await this.outbound.get(senderId)?.pc.setRemoteDescription({ type: 'answer', sdp: data.sdp });
      else if (kind === 'webrtc-ice-candidate' && 'candidate' in data) {
        const { usernameFragment } = data.candidate;
        const peers = [this.inbound.get(senderId), this.outbound.get(senderId)];
        const peer = peers.find((p) => p && ufragOf(p.pc.remoteDescription?.sdp) === usernameFragment) ?? peers[0];
        await peer?.pc.addIceCandidate(data.candidate);
      }
    } catch {
      // A signal for a connection already replaced or closed: nothing to do.
    }
  }

  /** A listener asked: send it this browser's microphone (only while speaking). */
  private async offerTo(listenerId: number): Promise<void> {
    if (!this.track || !this.stream) {
      this.waiting.add(listenerId);
      return;
    }
    const peer = this.newPeer(this.outbound, listenerId);
    peer.pc.addTransceiver(this.track, { direction: 'sendonly', streams: [this.stream] });
    if (this.muted) for (const sender of peer.pc.getSenders()) await sender.replaceTrack(null);
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    await waitForCandidates(peer.pc);
    peer.described = true;
    const sdp = peer.pc.localDescription?.sdp;
    if (sdp && this.outbound.get(listenerId) === peer) this.signalling.send('webrtc-offer', listenerId, { sdp });
  }

  /** A speaker's offer: receive and play its audio. */
  private async answer(speakerId: number, sdp: string): Promise<void> {
    if (!this.speakers.includes(speakerId)) return;
    this.asked.delete(speakerId);
    const peer = this.newPeer(this.inbound, speakerId);
    peer.pc.addEventListener('track', ({ track, streams }) => {
      const audio = peer.audio ?? document.createElement('audio');
      audio.autoplay = true;
      audio.dataset.voiceSpeaker = String(speakerId);
      audio.srcObject = streams[0] ?? new MediaStream([track]);
      peer.audio = audio;
      void audio.play().catch(() => undefined);
    });
    await peer.pc.setRemoteDescription({ type: 'offer', sdp });
    await peer.pc.setLocalDescription(await peer.pc.createAnswer());
    await waitForCandidates(peer.pc);
    peer.described = true;
    const local = peer.pc.localDescription?.sdp;
    if (local && this.inbound.get(speakerId) === peer) this.signalling.send('webrtc-answer', speakerId, { sdp: local });
  }
}
