import { LRUCache } from 'lru-cache';
import { entryBound } from './entry-bound.js';

/**
 * When each key was last invalidated, for a minute: a cache whose load was in flight when its row changed must not
 * keep what the load read. Loads wait in turn behind each other (CoalescingLoader), so a ban or a token disabled
 * while one ran would otherwise stay unseen for the cache's lifetime.
 */
export class RecentInvalidations<K extends {}> {
  private readonly at = new LRUCache<K, number>({ ...entryBound(10_000), ttl: 60_000 });

  mark(key: K): void {
    this.at.set(key, performance.now());
  }

  /** Whether `key` was invalidated at or after `since` (a `performance.now()` taken before the load). */
  since(key: K, since: number): boolean {
    return (this.at.get(key) ?? -Infinity) >= since;
  }
}
