const KEY = 'majlis.deviceId';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('-');
}

let cached: string | undefined;

/** A random id for this browser, generated once and kept (spec §9): sent with every call. */
export function deviceId(): string {
  if (cached) return cached;
  try {
    cached = localStorage.getItem(KEY) ?? undefined;
    if (!cached || !/^[A-Za-z0-9_-]{8,64}$/.test(cached)) {
      cached = randomId();
      localStorage.setItem(KEY, cached);
    }
  } catch {
    cached ??= randomId();
  }
  return cached;
}
