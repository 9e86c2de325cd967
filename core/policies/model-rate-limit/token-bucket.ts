export interface BucketState {
  tokens: number;
  lastSeconds: number;
}

export interface BucketShape {
  capacity: number;
  refillPerSecond: number;
  cost: number;
}

/**
 * new-api's total-request bucket: capacity N×D, N tokens back per second, D per request. The net effect
 * is N requests per D seconds with bursts up to N, in whole seconds as its Redis script counts them.
 */
export const totalRequestBucket = (limit: number, windowSeconds: number): BucketShape => ({
  capacity: limit * windowSeconds,
  refillPerSecond: limit,
  cost: windowSeconds,
});

/**
 * One request against a bucket (absent = full). Mirrors the Redis script in redis-rate-limit-store.ts so
 * both stores decide alike; a clock that steps back refills nothing instead of draining the bucket.
 */
export function takeFromBucket(state: BucketState | undefined, nowSeconds: number, shape: BucketShape): { allowed: boolean; state: BucketState } {
  const tokens = state
    ? Math.min(shape.capacity, state.tokens + Math.max(0, nowSeconds - state.lastSeconds) * shape.refillPerSecond)
    : shape.capacity;
  const allowed = tokens >= shape.cost;
  return { allowed, state: { tokens: allowed ? tokens - shape.cost : tokens, lastSeconds: nowSeconds } };
}
