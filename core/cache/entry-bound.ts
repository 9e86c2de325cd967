/**
 * lru-cache options that cap a cache at `entries` entries without reserving room for them up front. With
 * `max`, lru-cache allocates its key, value, link and TTL arrays for all `max` entries at construction:
 * ~44 bytes each, 4.4 MB for a 100 000-entry cache with TTLs, and the gateway's seven caches held ~25 MB
 * that way at idle. Counting every entry as size 1 against `maxSize` keeps the same bound, and the arrays
 * grow only as entries arrive.
 */
export function entryBound(entries: number): { maxSize: number; sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}
