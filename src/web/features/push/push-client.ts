import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import * as z from 'zod/mini';
import { readLocal, removeLocal, writeLocal } from '../../lib/local-store';
import { fetchPushState, removeSubscription, savePushSettings, sendSubscription } from './push-api';

/**
 * This device's notifications while no tab is open: what the browser allows, whether this device
 * is subscribed for the signed-in person, and their preview setting. The browser's own parts
 * (permission, the service worker's push manager) are reached only here.
 */
export type PushStatus = 'unknown' | 'unsupported' | 'denied' | 'off' | 'on' | 'busy';

export interface PushState {
  status: PushStatus;
  preview: boolean;
}

export const pushStore = createStore<PushState>()(() => ({ status: 'unknown', preview: false }));
export const usePush = () => useStore(pushStore);

/** Who subscribed this browser (a shared device: someone else signing in does not inherit it). */
const OWNER_KEY = 'majlis-push-owner';
/** The gentle prompt was shown once on this device. */
const PROMPTED_KEY = 'majlis-push-prompted';

/** The service worker is on when the page links the web app manifest (ENABLE_SERVICE_WORKER). */
function serviceWorkerEnabled(): boolean {
  return document.querySelector('link[rel="manifest"]') !== null;
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    serviceWorkerEnabled()
  );
}

function permission(): NotificationPermission {
  return 'Notification' in window ? Notification.permission : 'denied';
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** The VAPID public key (base64url) as the push manager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Reads where this device stands for `userId` (no prompt, nothing asked of the person): and, when
 * it is subscribed for them, sends the subscription again (the browser may have renewed it; the
 * server counts a visit as use).
 */
export async function refreshPush(userId: number): Promise<void> {
  if (!pushSupported()) return pushStore.setState({ status: 'unsupported' });
  if (permission() === 'denied') return pushStore.setState({ status: 'denied' });
  try {
    const [state, subscription] = await Promise.all([
      fetchPushState(),
      registration().then((r) => r.pushManager.getSubscription()),
    ]);
    const mine = subscription !== null && readLocal(OWNER_KEY, z.number()) === userId;
    const on = mine && permission() === 'granted' && state.settings.enabled;
    pushStore.setState({ status: on ? 'on' : 'off', preview: state.settings.preview });
    if (on && subscription) await sendSubscription(subscription.toJSON());
  } catch {
    pushStore.setState({ status: 'off' });
  }
}

/** Asks the browser's permission (from a tap only), subscribes this device and turns push on. */
export async function enablePush(userId: number): Promise<PushStatus> {
  if (!pushSupported()) {
    pushStore.setState({ status: 'unsupported' });
    return 'unsupported';
  }
  pushStore.setState({ status: 'busy' });
  try {
    const granted = await Notification.requestPermission();
    if (granted !== 'granted') {
      const status = granted === 'denied' ? 'denied' : 'off';
      pushStore.setState({ status });
      return status;
    }
    const [state, reg] = await Promise.all([fetchPushState(), registration()]);
    const subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(state.publicKey) }));
    await sendSubscription(subscription.toJSON());
    const { settings } = await savePushSettings({ enabled: true });
    writeLocal(OWNER_KEY, userId);
    writeLocal(PROMPTED_KEY, true);
    pushStore.setState({ status: 'on', preview: settings.preview });
    return 'on';
  } catch (error) {
    pushStore.setState({ status: 'off' });
    throw error;
  }
}

/** Turns push off for the person (every device) and unsubscribes this one. */
export async function disablePush(): Promise<void> {
  pushStore.setState({ status: 'busy' });
  try {
    await savePushSettings({ enabled: false });
    const subscription = await registration().then((r) => r.pushManager.getSubscription());
    if (subscription) {
      await removeSubscription(subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe().catch(() => false);
    }
    removeLocal(OWNER_KEY);
  } finally {
    pushStore.setState({ status: 'off' });
  }
}

export async function setPreview(preview: boolean): Promise<void> {
  const before = pushStore.getState().preview;
  pushStore.setState({ preview });
  try {
    const { settings } = await savePushSettings({ preview });
    pushStore.setState({ preview: settings.preview });
  } catch (error) {
    pushStore.setState({ preview: before });
    throw error;
  }
}

/**
 * Whether to offer push after a private message (the gentle prompt): once per device, never when
 * the browser cannot, already decided (allowed or refused), or the device is on.
 */
export function shouldPrompt(): boolean {
  if (!pushSupported() || permission() !== 'default') return false;
  if (readLocal(PROMPTED_KEY, z.boolean())) return false;
  const { status } = pushStore.getState();
  return status === 'off';
}

export function markPrompted(): void {
  writeLocal(PROMPTED_KEY, true);
}

/**
 * Sign-out: this device stops receiving the person's notifications (a shared browser must not show
 * the next person someone else's). Best effort: the server is told, and the browser's subscription
 * ends, so the push service answers 410 next time and the server forgets it even if the call failed.
 */
export async function forgetThisDevice(): Promise<void> {
  if (!pushSupported() || readLocal(OWNER_KEY, z.number()) === null) return;
  removeLocal(OWNER_KEY);
  pushStore.setState({ status: 'unknown', preview: false });
  const subscription = await registration()
    .then((r) => r.pushManager.getSubscription())
    .catch(() => null);
  if (!subscription) return;
  await removeSubscription(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
