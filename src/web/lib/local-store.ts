import type * as z from 'zod/mini';

/** Reads a JSON value from localStorage, checked against its schema; anything else reads as absent. */
export function readLocal<S extends z.ZodMiniType>(key: string, schema: S): z.output<S> | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw == null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app still works, it just forgets.
  }
}

export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // as above
  }
}
