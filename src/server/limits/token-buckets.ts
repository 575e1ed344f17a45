/**
 * The token bucket behind every socket's event budget (`realtime/socket-handlers.ts`). It lives in
 * the socket's data, so it is per socket by nature; message flood control, which must hold across
 * nodes, is `message-flood.ts`.
 */

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

/** Like `takeToken`, for a cost of several tokens (bytes, say): all of them or none. */
export function takeTokens(bucket: Bucket, now: number, capacity: number, refillMs: number, cost: number): boolean {
  bucket.tokens = Math.min(capacity, bucket.tokens + (now - bucket.at) / refillMs);
  bucket.at = now;
  if (bucket.tokens < cost) return false;
  bucket.tokens -= cost;
  return true;
}

export function fullBucket(capacity: number, now: number): Bucket {
  return { tokens: capacity, at: now };
}
