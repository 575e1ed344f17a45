/**
 * Text PostgreSQL cannot store, or that no honest client sends, refused before any schema or
 * query sees it: the NUL character (anywhere: values, keys, nested) in every body, query,
 * route parameter and socket payload.
 */
const NUL = '\u0000';
const MAX_DEPTH = 32;

export function hasForbiddenText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => hasForbiddenText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes(NUL) || hasForbiddenText(item, depth + 1)) return true;
  }
  return false;
}

/**
 * A database error caused by the input rather than by us (SQLSTATE class 22, "data exception":
 * out-of-range numbers, invalid text). A last line of defence behind the schemas: such input is
 * the caller's mistake, answered with a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}
