import type { Clock } from '../clock';

/** A token bucket's state: plain numbers, so it can live in socket data too. */
export interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Takes one token from `bucket` (a burst of `capacity`, then one every `refillMs`); false when
 * it is empty. Mutates the bucket.
 */
export function takeToken(bucket: Bucket, now: number, capacity: number, refillMs: number): boolean {
  bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) / refillMs);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  bucket.tokens -= 1;
  return true;
}

export function fullBucket(capacity: number, now: number): Bucket {
  return { tokens: capacity, at: now };
}

/**
 * Token buckets by key (a user id, an address). Kept in this node's memory: a user with sockets
 * on two nodes has two allowances (recorded in docs/architecture.md).
 */
export function createTokenBuckets<K>(options: { capacity: number; refillMs: number; clock: Clock }) {
  const { capacity, refillMs, clock } = options;
  const buckets = new Map<K, Bucket>();

  return {
    /** Takes a token for `key`; false when it is spent too fast. */
    take(key: K): boolean {
      const now = clock.now();
      let bucket = buckets.get(key);
      if (!bucket) buckets.set(key, (bucket = fullBucket(capacity, now)));
      return takeToken(bucket, now, capacity, refillMs);
    },
    /** Drops full buckets so the map holds only recent users. */
    sweep(): void {
      const now = clock.now();
      for (const [key, bucket] of buckets) {
        if (bucket.tokens + (now - bucket.at) / refillMs >= capacity) buckets.delete(key);
      }
    },
  };
}

export type TokenBuckets<K> = ReturnType<typeof createTokenBuckets<K>>;
