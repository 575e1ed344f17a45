import { useEffect, useRef } from 'react';

/**
 * Back closes what is open on top first (spec: the phone's Back button works like an app's).
 * Every open drawer, dialog or panel pushes one history entry marked with its id; Back pops the
 * entry and closes the overlays above it, newest first. Closing from the screen removes the entry
 * again, so Back never has a dead step. Ids only grow, so "above" is a plain comparison.
 */

interface Overlay {
  id: number;
  close: () => void;
}

const KEY = 'majlisOverlay';
let nextId = 1;
const open: Overlay[] = [];
/** history.back() calls of ours not yet answered by popstate, and what waits for them. */
let pendingBacks = 0;
const afterBack: (() => void)[] = [];
let listening = false;

function overlayIdOf(state: unknown): number {
  const value = (state as Record<string, unknown> | null)?.[KEY];
  return typeof value === 'number' ? value : 0;
}

function onPopState(event: PopStateEvent): void {
  const reached = overlayIdOf(event.state);
  // Entries above the one reached are gone: their overlays close, the newest first.
  while (open.length > 0 && open[open.length - 1]!.id > reached) open.pop()!.close();
  if (pendingBacks > 0 && --pendingBacks === 0) afterBack.splice(0).forEach((run) => run());
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('popstate', onPopState);
}

/**
 * Runs `run` once the history entries of overlays closed from the screen are gone, so a change of
 * address made right after closing a drawer lands on the right entry (history.back() is async).
 */
export function afterOverlaysClosed(run: () => void): void {
  if (pendingBacks > 0) afterBack.push(run);
  else run();
}

/** While mounted, the phone's Back button calls `close` (and the overlay takes one history step). */
export function useBackCloses(close: () => void): void {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    listen();
    const overlay: Overlay = { id: nextId++, close: () => closeRef.current() };
    let mounted = true;
    // One overlay may open as another closes (settings → moderation panel): its entry goes on
    // only after the closing one's entry is gone, or that Back would close the new one too.
    afterOverlaysClosed(() => {
      if (!mounted) return;
      history.pushState({ ...(history.state as object | null), [KEY]: overlay.id }, '');
      open.push(overlay);
    });
    return () => {
      mounted = false;
      const index = open.indexOf(overlay);
      if (index === -1) return; // Closed by Back (its entry is already gone), or never pushed.
      open.splice(index, 1);
      if (overlayIdOf(history.state) === overlay.id) {
        pendingBacks++;
        history.back();
      }
    };
  }, []);
}

/** The same, as an element: for overlays that render conditionally after their hooks. */
export function BackCloses({ close }: { close: () => void }): null {
  useBackCloses(close);
  return null;
}
