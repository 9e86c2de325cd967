import { LRUCache } from 'lru-cache';
import { entryBound } from '../cache/entry-bound.js';

/**
 * new-api's per-IP sliding log: allow when fewer than N hits are stored, or the oldest of the last N is at
 * least D seconds old. The key space is an LRU with a hard cap, so a flood of new addresses evicts old
 * ones instead of growing memory without bound (one-api's limiter map was an OOM source).
 */
export class SlidingLogLimiter {
  private logs: LRUCache<string, number[]>;

  constructor(
    private readonly limit: number,
    private readonly windowSeconds: number,
    maxKeys = 100_000,
  ) {
    this.logs = new LRUCache({ ...entryBound(maxKeys), ttl: windowSeconds * 1000, updateAgeOnGet: false });
  }

  /** Records the hit and answers whether it is allowed. */
  hit(key: string, nowMs = Date.now()): boolean {
    let log = this.logs.get(key);
    if (!log) {
      log = [];
      this.logs.set(key, log);
    }
    if (!slidingLogAllows(log, this.limit, this.windowSeconds * 1000, nowMs)) return false;
    slidingLogAppend(log, this.limit, nowMs);
    // Refresh the entry's TTL so an active key is not expired mid-window.
    this.logs.set(key, log);
    return true;
  }

  get size(): number {
    return this.logs.size;
  }
}

/** The sliding-log test on an ascending log: fewer than `limit` hits, or the limit-th newest is a window old. */
export function slidingLogAllows(log: readonly number[], limit: number, windowMs: number, nowMs: number): boolean {
  if (log.length < limit) return true;
  return nowMs - log[log.length - limit]! >= windowMs;
}

/** Appends a hit, keeping only the newest `limit` (older ones can never decide a later test). */
export function slidingLogAppend(log: number[], limit: number, nowMs: number): void {
  if (log.length >= limit) log.splice(0, log.length - limit + 1);
  log.push(nowMs);
}
