import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { entryBound } from './entry-bound.js';

describe('entryBound', () => {
  it('evicts the least recently used entry beyond the bound, as max does', () => {
    const cache = new LRUCache<number, string>({ ...entryBound(3), ttl: 60_000 });
    for (const n of [1, 2, 3]) cache.set(n, `v${n}`);
    cache.get(1);
    cache.set(4, 'v4');
    expect([...cache.keys()].sort()).toEqual([1, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it('reserves nothing up front for a large bound', () => {
    // lru-cache allocates its arrays in the constructor; with max: 1e6 this grows the heap by ~40 MB.
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const caches = Array.from({ length: 10 }, () => new LRUCache<number, number>({ ...entryBound(1_000_000), ttl: 1000 }));
    caches.forEach((c) => c.set(1, 1));
    const grown = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers - before;
    expect(grown).toBeLessThan(10 * 1024 * 1024);
  });
});
