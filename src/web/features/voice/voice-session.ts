import { createStore, type StoreApi } from 'zustand/vanilla';
import { voiceEndpoints } from '../../../shared/api/voice';
import type { Room } from '../../../shared/entities/room';
import { combine, type Realtime } from '../../realtime';
import { callApi } from '../../lib/api';
import { readerGender } from '../../lib/reader-voice';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { MeshTransport } from './mesh-transport';
import { openMicrophone, type Microphone } from './microphone';
import { VOICE_TEXTS as T } from './texts';
import type { VoiceSignalling, VoiceTransport } from './transport';

export type VoicePhase = 'idle' | 'joining' | 'joined';
export type MicState = 'none' | 'asking' | 'granted' | 'refused' | 'unavailable';

export interface VoiceState {
  phase: VoicePhase;
  roomId: string | null;
  mic: MicState;
  muted: boolean;
  /** Audio level (0–1) by speaker id, this browser's own included while it speaks. */
  levels: Record<number, number>;
}

const IDLE: VoiceState = { phase: 'idle', roomId: null, mic: 'none', muted: false, levels: {} };
const LEVEL_POLL_MS = 150;
/** The state shown before a session exists (a visitor, or before the user is known). */
export const idleVoiceStore: StoreApi<VoiceState> = createStore<VoiceState>()(() => IDLE);

/** What a voice session uses of the realtime core: its events, and sending with or without an answer. */
export type VoiceRealtime = Pick<Realtime, 'on' | 'emit' | 'request' | 'connected'>;

/** The voice events of the realtime core as signalling: what the server relays to this browser, and what it sends. */
function liveSignalling(realtime: VoiceRealtime, roomId: string): VoiceSignalling {
  return {
    send(kind, targetUserId, data) {
      if ('sdp' in data && (kind === 'webrtc-offer' || kind === 'webrtc-answer'))
        realtime.emit(kind, { roomId, targetUserId, sdp: data.sdp });
      else if ('candidate' in data && kind === 'webrtc-ice-candidate')
        realtime.emit(kind, { roomId, targetUserId, candidate: data.candidate });
      else if (kind === 'webrtc-request-offer') realtime.emit(kind, { roomId, targetUserId });
    },
    listen(handler) {
      const inRoom = (payload: { roomId: string }) => payload.roomId === roomId;
      return combine([
        realtime.on('webrtc-offer', (p) => inRoom(p) && handler('webrtc-offer', p.senderId, { sdp: p.sdp })),
        realtime.on('webrtc-answer', (p) => inRoom(p) && handler('webrtc-answer', p.senderId, { sdp: p.sdp })),
        realtime.on(
          'webrtc-ice-candidate',
          (p) => inRoom(p) && handler('webrtc-ice-candidate', p.senderId, { candidate: p.candidate }),
        ),
        realtime.on('webrtc-request-offer', (p) => inRoom(p) && handler('webrtc-request-offer', p.senderId, {})),
      ]);
    },
  };
}

/**
 * This browser's part in a room's voice session: joining and leaving, the microphone, the hand,
 * and the transport that carries audio. The server decides who speaks (the room's `speakers`);
 * `sync` follows it.
 */
export class VoiceSession {
  readonly store: StoreApi<VoiceState> = createStore<VoiceState>()(() => IDLE);
  private transport: VoiceTransport | null = null;
  private microphone: Microphone | null = null;
  private publishing = false;
  private levelTimer: ReturnType<typeof setInterval> | undefined;
  private offs: (() => void)[] = [];

  constructor(
    private readonly realtime: VoiceRealtime,
    private readonly myId: number,
  ) {}

  private set(patch: Partial<VoiceState>): void {
    this.store.setState(patch);
  }

  async join(roomId: string): Promise<void> {
    if (this.store.getState().phase !== 'idle') return;
    this.set({ phase: 'joining', roomId });
    try {
      const config = await callApi(voiceEndpoints.config);
      const reply = await this.realtime.request('voiceJoin', { roomId }, 8000);
      if (!reply.ok) throw new Error(reply.message);
      this.transport = new MeshTransport(this.myId, liveSignalling(this.realtime, roomId), config.iceServers);
      this.listen(roomId);
      this.set({ phase: 'joined' });
      this.sync(reply.room);
      this.levelTimer = setInterval(() => this.pollLevels(), LEVEL_POLL_MS);
      showSuccess(T.connected);
    } catch (error) {
      this.teardown();
      showError(error instanceof Error && error.message ? `${T.connectError} — ${error.message}` : T.connectError);
    }
  }

  async leave(): Promise<void> {
    const { roomId, phase } = this.store.getState();
    if (phase === 'idle' || !roomId) return;
    this.teardown();
    if (!this.realtime.connected) return;
    const reply = await this.realtime.request('voiceLeave', { roomId }, 8000).catch(() => null);
    if (reply && !reply.ok && reply.code !== 'VOICE_NOT_JOINED') showError(T.leaveError);
  }

  /** The room as the server now says it is: start or stop publishing, receive the speakers. */
  sync(room: Room): void {
    if (this.store.getState().phase !== 'joined' || room.id !== this.store.getState().roomId) return;
    this.transport?.setSpeakers(room.speakers);
    const speaking = room.speakers.includes(this.myId);
    if (speaking && !this.publishing) void this.startPublishing();
    if (!speaking && this.publishing) this.stopPublishing();
  }

  /** Raise a hand (or, for the host and staff, take the microphone): the microphone is asked first. */
  async requestMic(): Promise<void> {
    const roomId = this.requireJoined();
    if (!roomId || !(await this.ensureMicrophone())) return;
    await callApi(voiceEndpoints.requestMic, { params: { id: roomId } }).catch(showError);
  }

  async lowerHand(): Promise<void> {
    const roomId = this.requireJoined();
    if (roomId) await callApi(voiceEndpoints.lowerHand, { params: { id: roomId } }).catch(showError);
  }

  async approve(userId: number): Promise<void> {
    const roomId = this.requireJoined();
    if (roomId) await callApi(voiceEndpoints.approve, { params: { id: roomId }, body: { userId } }).catch(showError);
  }

  async reject(userId: number): Promise<void> {
    const roomId = this.requireJoined();
    if (roomId) await callApi(voiceEndpoints.reject, { params: { id: roomId }, body: { userId } }).catch(showError);
  }

  /** Send a speaker back to the audience (host, staff), or step down (oneself). */
  async removeSpeaker(userId: number): Promise<void> {
    const roomId = this.requireJoined();
    if (roomId) await callApi(voiceEndpoints.removeSpeaker, { params: { id: roomId, userId } }).catch(showError);
  }

  toggleMute(): void {
    if (!this.requireJoined()) return;
    try {
      const muted = !this.store.getState().muted;
      this.transport?.setMuted(muted);
      this.microphone?.setEnabled(!muted);
      this.set({ muted });
    } catch {
      showError(T.muteError);
    }
  }

  /** After the browser refused: ask again (the person may have changed the site's setting). */
  retryMicrophone(): Promise<boolean> {
    return this.ensureMicrophone();
  }

  dispose(): void {
    void this.leave();
  }

  // ---- inside -----------------------------------------------------------------------------

  private requireJoined(): string | null {
    const { phase, roomId } = this.store.getState();
    if (phase === 'joined' && roomId) return roomId;
    showError(T.noConnection);
    return null;
  }

  private async ensureMicrophone(): Promise<boolean> {
    if (this.microphone) return true;
    this.set({ mic: 'asking' });
    const opened = await openMicrophone();
    if (opened.kind !== 'granted') {
      this.set({ mic: opened.kind });
      return false;
    }
    // Left meanwhile: the microphone is not kept.
    if (this.store.getState().phase !== 'joined') {
      opened.microphone.stop();
      this.set({ mic: 'none' });
      return false;
    }
    this.microphone = opened.microphone;
    this.set({ mic: 'granted' });
    return true;
  }

  private async startPublishing(): Promise<void> {
    this.publishing = true;
    if (!(await this.ensureMicrophone()) || !this.microphone) {
      // Approved, but without a microphone: step down so others do not wait for silence.
      this.publishing = false;
      void this.removeSpeaker(this.myId);
      return;
    }
    if (!this.publishing) return;
    this.microphone.setEnabled(!this.store.getState().muted);
    await this.transport?.publish(this.microphone.track);
  }

  private stopPublishing(): void {
    this.publishing = false;
    void this.transport?.publish(null);
    this.microphone?.stop();
    this.microphone = null;
    this.set({ mic: 'none', muted: false });
  }

  private listen(roomId: string): void {
    const { realtime } = this;
    const mine = (payload: { roomId: string; userId: number }) =>
      payload.roomId === roomId && payload.userId === this.myId;
    this.offs = [
      realtime.on('micApproved', (p) => mine(p) && showSuccess(T.approved(readerGender()))),
      realtime.on('micRejected', (p) => mine(p) && showInfo(T.rejected)),
      realtime.on('speakerRemoved', (p) => {
        if (!mine(p)) return;
        if (p.reason === 'turnEnded') showInfo(T.turnEnded);
        else if (p.reason === 'removed' || p.reason === 'sanctioned') showInfo(T.removed(readerGender()));
      }),
      realtime.on('micRequested', (p) => p.roomId === roomId && showInfo(T.requested(p.username, p.gender))),
      // The session ends with the socket (the server ends it on its side when the socket drops).
      realtime.on('link:down', () => {
        if (this.store.getState().phase === 'idle') return;
        this.teardown();
        showError(T.dropped);
      }),
    ];
  }

  private pollLevels(): void {
    const levels: Record<number, number> = {};
    for (const [id, level] of this.transport?.levels() ?? []) levels[id] = level;
    if (this.publishing && this.microphone)
      levels[this.myId] = this.store.getState().muted ? 0 : this.microphone.level();
    const before = this.store.getState().levels;
    const changed =
      Object.keys(levels).length !== Object.keys(before).length ||
      Object.entries(levels).some(([id, level]) => Math.abs((before[Number(id)] ?? 0) - level) > 0.02);
    if (changed) this.set({ levels });
  }

  private teardown(): void {
    clearInterval(this.levelTimer);
    for (const off of this.offs) off();
    this.offs = [];
    this.transport?.close();
    this.transport = null;
    this.publishing = false;
    this.microphone?.stop();
    this.microphone = null;
    this.store.setState(IDLE, true);
  }
}
