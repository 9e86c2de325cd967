interface Waiter<V> {
  resolve(v: V | undefined): void;
  reject(e: unknown): void;
}

/**
 * Loads by key with one statement at a time: while it is in flight, the keys asked for meanwhile wait and go
 * out together in the next one (the same key once). A lone load is sent at once, so at low concurrency this
 * costs one round trip as before; under a flood of lookups that miss every cache (random API keys) the
 * database sees one statement per batch instead of one per request.
 */
export class CoalescingLoader<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private inFlight = false;

  constructor(
    /** the values found among `keys`; a key left out has none */
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 256,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.inFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.waiting.size) {
        const batch: [K, Waiter<V>[]][] = [];
        for (const entry of this.waiting) {
          batch.push(entry);
          this.waiting.delete(entry[0]);
          if (batch.length === this.maxBatch) break;
        }
        try {
          const found = await this.loadMany(batch.map(([k]) => k));
          for (const [k, waiters] of batch) for (const w of waiters) w.resolve(found.get(k));
        } catch (e) {
          for (const [, waiters] of batch) for (const w of waiters) w.reject(e);
        }
      }
    } finally {
      this.inFlight = false;
    }
  }
}
