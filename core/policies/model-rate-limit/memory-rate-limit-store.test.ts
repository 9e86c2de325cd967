import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-rate-limit-store.js';

describe('MemoryRateLimitStore', () => {
  it('stays at its cap however many users appear', async () => {
    const store = new MemoryRateLimitStore(10_000);
    for (let user = 0; user < 100_000; user++) {
      await store.takeRequest(user, 3, 60);
      await store.recordSuccess(user, 1000, 60);
    }
    expect(store.size).toEqual({ successes: 10_000, buckets: 10_000 });
  });

  it('forgets a user one window after the last write, when the entry can no longer decide anything', async () => {
    let clock = 1_000_000;
    const store = new MemoryRateLimitStore(100, () => clock);
    await store.recordSuccess(1, 1, 60);
    await store.takeRequest(1, 1, 60);
    clock += 60_000;
    expect(store.size).toEqual({ successes: 1, buckets: 1 });
    clock += 1;
    expect(store.size).toEqual({ successes: 0, buckets: 0 });
  });
});
