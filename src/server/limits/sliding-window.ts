/**
 * The sliding-window estimate of how many messages were sent in the last `windowMs`: counters are
 * kept per fixed window (aligned to the clock), and the previous window's count is weighted by how
 * much of it still lies within the last `windowMs`. It follows a true sliding window closely, needs
 * two counters per key, and has no burst at window edges (a plain fixed window lets twice the limit
 * through around an edge).
 */
export interface WindowCounts {
  /** Counted in the previous window. */
  previous: number;
  /** Counted in the current window, the message being decided included. */
  current: number;
  limit: number;
  windowMs: number;
  now: number;
}

export interface WindowDecision {
  allowed: boolean;
  /** When refused: how long until one more message would be allowed, if nothing else is sent. */
  retryAfterMs: number;
}

export function slidingWindow({ previous, current, limit, windowMs, now }: WindowCounts): WindowDecision {
  const elapsed = now - Math.floor(now / windowMs) * windowMs;
  const estimate = previous * (1 - elapsed / windowMs) + current;
  // The tolerance keeps float rounding (5 × 0.6) from refusing exactly at the limit.
  if (estimate <= limit + 1e-9) return { allowed: true, retryAfterMs: 0 };

  // The refused message is not counted: what stands is `sent` in this window and `previous` before.
  const sent = current - 1;
  const room = limit - 1 - sent;
  const candidates: number[] = [];
  // Later in this window, once enough of the previous one has slid out.
  if (room >= 0 && previous > 0) candidates.push(windowMs * (1 - room / previous));
  // In the next window, where this one's count becomes the previous and slides out in turn.
  candidates.push(windowMs + (sent <= limit - 1 ? 0 : windowMs * (1 - (limit - 1) / sent)));
  const at = Math.min(...candidates.filter((t) => t >= elapsed));
  return { allowed: false, retryAfterMs: Math.max(1, Math.ceil(at - elapsed)) };
}
