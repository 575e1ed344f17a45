/**
 * Whether a failure means the database cannot be reached now (refused, dropped, shutting down,
 * out of connections, closed), as opposed to a bug: the reply is then 503 SERVICE_UNAVAILABLE,
 * which clients treat as "try again later" (the page keeps the message in its outbox).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** PostgreSQL: connection exceptions (08…), shutting down or starting (57P01–57P03), too many connections. */
const SERVER_CODES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection (is )?closed/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
  /pglite is closed/i,
  /database (connection )?closed/i,
  // Redis (node-redis), reconnecting: commands fail at once (`disableOfflineQueue`).
  /^the client is (offline|closed)$/i,
  /^socket closed unexpectedly$/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
    // An AggregateError (every address of a host refused).
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
