import { lazy, Suspense, useEffect } from 'react';
import { useStore } from 'zustand';
import { sanctionStore } from './sanction-store';

// The overlay's code loads only when someone is sanctioned: landing pages stay light.
const SanctionOverlay = lazy(() => import('./SanctionOverlay'));

/** On every page: a kick, ban or block notice, restored after a reload while its time runs. */
export function SanctionGate() {
  const active = useStore(sanctionStore, (s) => s.notice !== null);
  // After hydration, never during server rendering: the stored notice lives in this browser.
  useEffect(() => sanctionStore.restore(), []);
  if (!active) return null;
  return (
    <Suspense fallback={null}>
      <SanctionOverlay />
    </Suspense>
  );
}
