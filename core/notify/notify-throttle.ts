import { LRUCache } from 'lru-cache';
import { entryBound } from '../cache/entry-bound.js';

const HOUR_MS = 3_600_000;

/**
 * At most `limit` notifications per user and type per clock hour (new-api's notify_limit:<uid>:<type>:<hour>
 * key). Counters live in a bounded LRU whose entries expire with their hour, so memory stays flat however
 * many users are notified.
 */
export class NotifyThrottle {
  private readonly counts = new LRUCache<string, number>({ ...entryBound(100_000), ttl: HOUR_MS });

  constructor(
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the attempt and tells whether it is within the limit. */
  allow(userId: number, type: string): boolean {
    const key = `${userId}:${type}:${Math.floor(this.now() / HOUR_MS)}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.limit;
  }
}
