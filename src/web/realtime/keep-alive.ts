import { PING } from '../../shared/constants';
import type { PageLifecycle } from './page-lifecycle';

/** Spec §9 "Background ping". */
export const BACKGROUND_PING_MS = PING.backgroundMs;
const SYNC_TAG = 'majlis-ping';

/** The worker messages of spec §7. */
export type WorkerMessage =
  | { type: 'init-background-sync'; serverOrigin: string }
  | { type: 'start-background-ping'; interval: number }
  | { type: 'stop-background-ping' };

/**
 * A second of silence as a WAV file (8 kHz, 8-bit mono): played muted and looping, it tells mobile
 * browsers the page is doing something, so a hidden chat tab is suspended later (spec §4).
 */
export function silentWav(): Blob {
  const samples = 8000;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  bytes.fill(128, 44); // 8-bit silence is the midpoint
  return new Blob([bytes], { type: 'audio/wav' });
}

/**
 * The silent keep-alive audio (spec §4): started at load, tried again on the first touch or key
 * (browsers refuse to play before one) and whenever the page becomes visible.
 */
function startSilentAudio(page: PageLifecycle): () => void {
  const url = URL.createObjectURL(silentWav());
  const audio = document.createElement('audio');
  audio.src = url;
  audio.loop = true;
  audio.muted = true;
  audio.volume = 0;
  audio.preload = 'auto';
  audio.setAttribute('playsinline', '');
  audio.setAttribute('aria-hidden', 'true');
  const play = () => {
    if (audio.paused) void audio.play().catch(() => undefined);
  };
  const onFirstInput = () => {
    play();
    window.removeEventListener('pointerdown', onFirstInput);
    window.removeEventListener('keydown', onFirstInput);
  };
  window.addEventListener('pointerdown', onFirstInput);
  window.addEventListener('keydown', onFirstInput);
  const stopVisibility = page.onVisibilityChange((hidden) => {
    if (!hidden) play();
  });
  play();
  return () => {
    onFirstInput();
    stopVisibility();
    audio.pause();
    audio.removeAttribute('src');
    URL.revokeObjectURL(url);
  };
}

/** The service worker is on when the server linked the web app manifest (ENABLE_SERVICE_WORKER). */
export function serviceWorkerEnabled(): boolean {
  return document.querySelector('link[rel="manifest"]') !== null;
}

/**
 * Spec §4: the worker is registered only when enabled; otherwise any registered before is removed.
 * When on: page hidden → a background sync and a ping every 30 s from the worker; visible → stop.
 */
function startServiceWorker(page: PageLifecycle): () => void {
  if (!('serviceWorker' in navigator)) return () => undefined;
  const container = navigator.serviceWorker;
  if (!serviceWorkerEnabled()) {
    void container
      .getRegistrations()
      .then((registrations) => Promise.all(registrations.map((r) => r.unregister())))
      .catch(() => undefined);
    return () => undefined;
  }
  let registration: ServiceWorkerRegistration | null = null;
  const post = (message: WorkerMessage) => (container.controller ?? registration?.active)?.postMessage(message);
  void container
    .register('/sw.js', { scope: '/' })
    .then((found) => {
      registration = found;
      return container.ready;
    })
    .then(() => post({ type: 'init-background-sync', serverOrigin: location.origin }))
    .catch(() => undefined);
  return page.onVisibilityChange((hidden) => {
    if (!hidden) {
      post({ type: 'stop-background-ping' });
      return;
    }
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null
    )?.sync;
    void sync?.register(SYNC_TAG).catch(() => undefined);
    post({ type: 'start-background-ping', interval: BACKGROUND_PING_MS });
  });
}

/** Both keep-alives, for the chat's lifetime; nothing outside a browser. */
export function startKeepAlive(page: PageLifecycle): () => void {
  if (typeof document === 'undefined' || typeof window === 'undefined') return () => undefined;
  const stops = [startSilentAudio(page), startServiceWorker(page)];
  return () => stops.forEach((stop) => stop());
}
