/**
 * A token bucket per user: a burst of `capacity` messages, then one every `refillMs`.
 * Kept in the node's memory: a user's sockets on one node share it.
 */
export function createFloodGuard(capacity: number, refillMs: number) {
  const buckets = new Map<number, { tokens: number; at: number }>();

  return {
    /** Takes a token for `userId`; false when the user is sending too fast. */
    take(userId: number, now = Date.now()): boolean {
      const bucket = buckets.get(userId) ?? { tokens: capacity, at: now };
      bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) / refillMs);
      bucket.at = now;
      if (bucket.tokens < 1) {
        buckets.set(userId, bucket);
        return false;
      }
      bucket.tokens -= 1;
      buckets.set(userId, bucket);
      return true;
    },
    /** Drops full buckets so the map holds only recent senders. */
    sweep(now = Date.now()): void {
      for (const [userId, bucket] of buckets) {
        if (bucket.tokens + (now - bucket.at) / refillMs >= capacity) buckets.delete(userId);
      }
    },
  };
}

export type FloodGuard = ReturnType<typeof createFloodGuard>;
