import { LRUCache } from 'lru-cache';

/** A fetched credential and when it stops being valid (ms since the epoch). */
export interface FetchedToken {
  token: string;
  expiresAt: number;
}

/** Refetch this long before the upstream's expiry, so no request leaves with a token about to lapse. */
const EARLY_MS = 5 * 60_000;

/**
 * Tokens fetched per key (Vertex OAuth2, Baidu access_token), held until shortly before they expire. Concurrent
 * requests for a key share one fetch; a failed fetch is not remembered, so the next request tries again.
 * Bounded: a gateway with many keys keeps the most recently used.
 */
export class TokenCache {
  private readonly tokens: LRUCache<string, FetchedToken>;
  private readonly inFlight = new Map<string, Promise<FetchedToken>>();

  constructor(
    max = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new LRUCache({ max });
  }

  async get(cacheKey: string, fetch: () => Promise<FetchedToken>): Promise<string> {
    const held = this.tokens.get(cacheKey);
    if (held && held.expiresAt - EARLY_MS > this.now()) return held.token;
    let pending = this.inFlight.get(cacheKey);
    if (!pending) {
      pending = fetch().finally(() => this.inFlight.delete(cacheKey));
      this.inFlight.set(cacheKey, pending);
    }
    const fetched = await pending;
    this.tokens.set(cacheKey, fetched);
    return fetched.token;
  }
}
