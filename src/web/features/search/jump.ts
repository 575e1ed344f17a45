/** How long a message found by search stays marked. */
const FLASH_MS = 2400;

function reducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The row of a shown message inside `root` (the room's list, a private box, the context view). */
export function messageRow(id: number, root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
}

/**
 * Brings a message's row to the middle of its list and marks it for a moment (`data-flash`, a
 * still outline under reduced motion); keyboard focus goes to it, so reading goes on from there.
 */
export function flashRow(row: HTMLElement): void {
  row.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
  row.focus({ preventScroll: true });
  row.removeAttribute('data-flash');
  // A fresh attribute restarts the animation when the same row is found twice.
  void row.offsetWidth;
  row.setAttribute('data-flash', '');
  window.setTimeout(() => row.removeAttribute('data-flash'), FLASH_MS);
}

/**
 * Waits (a few frames, at most `timeoutMs`) for a message's row to be drawn, then flashes it:
 * for a list that is opening (a private box) or closing over it (the search sheet). False if it
 * never came.
 */
export function flashWhenShown(id: number, timeoutMs = 3000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  return new Promise((resolve) => {
    const look = () => {
      const row = messageRow(id);
      // Not under a sheet still closing (aria-hidden), so focus can move to it.
      if (
        row &&
        !row.closest('[aria-hidden="true"]') &&
        !document.querySelector('[role="dialog"][data-search-sheet]')
      ) {
        flashRow(row);
        resolve(true);
      } else if (performance.now() > until) resolve(false);
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}
