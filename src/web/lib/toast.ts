import { createStore } from 'zustand/vanilla';
import { errorToastText } from './api';
import { inReaderVoice } from './reader-voice';

/**
 * Toasts load their library on first use, so pages that never show one do not pay for it.
 * One toast on screen at a time (spec §8): every toast reuses one id, replacing the last.
 */
const TOAST_ID = 'majlis-toast';

type Sonner = typeof import('sonner');

/** For the shell: whether the toaster should be on the page yet. */
export const toasterWanted = createStore<{ wanted: boolean }>()(() => ({ wanted: false }));

let ready: (() => void) | undefined;
const mounted = new Promise<void>((resolve) => (ready = resolve));
let sonner: Promise<Sonner> | undefined;

/** Called by the toaster once it is mounted. */
export function markToasterMounted(): void {
  ready?.();
}

async function withToaster(): Promise<Sonner> {
  if (!toasterWanted.getState().wanted) toasterWanted.setState({ wanted: true });
  sonner ??= import('sonner');
  const [lib] = await Promise.all([sonner, mounted]);
  return lib;
}

export function showError(errorOrText: unknown): void {
  const text = typeof errorOrText === 'string' ? inReaderVoice(errorOrText) : errorToastText(errorOrText);
  void withToaster().then(({ toast }) => toast.error(text, { id: TOAST_ID }));
}

export function showSuccess(text: string): void {
  void withToaster().then(({ toast }) => toast.success(inReaderVoice(text), { id: TOAST_ID }));
}

/** A notice that is neither a failure nor a success (a default toast). */
export function showInfo(text: string): void {
  void withToaster().then(({ toast }) => toast(inReaderVoice(text), { id: TOAST_ID }));
}
