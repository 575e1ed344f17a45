/** The browser's data-saver mode (Save-Data), where optional work is skipped (spec §7). */
export function dataSaverOn(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Runs `work` once the page is idle: at most 3000 ms later with requestIdleCallback, or after
 * 2000 ms where it does not exist (spec §7). Returns the cancel.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 2000);
  return () => clearTimeout(timer);
}
