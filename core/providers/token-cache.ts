import { LRUCache } from 'lru-cache';

/** A fetched credential and when it stops being valid (ms since the epoch). */
export interface FetchedToken {
  token: string;
  expiresAt: number;
}

/** Refetch this long before the upstream's expiry, so no request leaves with a token about to lapse. */
const EARLY_MS = 5 * 60_000;

export const tokenIsFresh = (t: FetchedToken, now: number): boolean => t.expiresAt - EARLY_MS > now;

/**
 * The fetches of every relay thread of the process, single-flighted by the main thread (core/cluster/
 * token-fetch-hub.ts). `claim` answers a token another thread fetched, or null: this thread fetches, then
 * settles. Cache keys are the providers' own (a token URL, an account and key): distinct across providers.
 */
export interface SharedTokenFetches {
  claim(cacheKey: string): Promise<FetchedToken | null>;
  settle(cacheKey: string, fetched: FetchedToken | { error: string }): void;
  /** `refused` is the token this thread held: another thread may have fetched a newer one already */
  forget(cacheKey: string, refused: string | null): void;
}

let shared: SharedTokenFetches | null = null;

/** Set once by each relay thread before it serves (core/main.ts); unset in a single-threaded gateway. */
export function shareTokenFetches(fetches: SharedTokenFetches | null): void {
  shared = fetches;
}

/**
 * Tokens fetched per key (Vertex OAuth2, Baidu access_token, Codex refreshes), held until shortly before they
 * expire. Concurrent requests for a key share one fetch (with relay threads, one for the process: see
 * SharedTokenFetches); a failed fetch is not remembered, so the next request tries again.
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
    if (held && tokenIsFresh(held, this.now())) return held.token;
    let pending = this.inFlight.get(cacheKey);
    if (!pending) {
      pending = (shared ? fetchShared(shared, cacheKey, fetch) : fetch()).finally(() => this.inFlight.delete(cacheKey));
      this.inFlight.set(cacheKey, pending);
    }
    const fetched = await pending;
    this.tokens.set(cacheKey, fetched);
    return fetched.token;
  }

  /**
   * Drops the key's token (the upstream refused it: revoked, or expired early). A fetch under way is left to
   * finish: its token is newer than the refused one.
   */
  forget(cacheKey: string): void {
    const refused = this.tokens.get(cacheKey)?.token ?? null;
    this.tokens.delete(cacheKey);
    shared?.forget(cacheKey, refused);
  }
}

/** This thread's one fetch for the key, or the one another thread of the process made. */
async function fetchShared(fetches: SharedTokenFetches, cacheKey: string, fetch: () => Promise<FetchedToken>): Promise<FetchedToken> {
  const fetched = await fetches.claim(cacheKey);
  if (fetched) return fetched;
  try {
    const own = await fetch();
    fetches.settle(cacheKey, own);
    return own;
  } catch (e) {
    fetches.settle(cacheKey, { error: e instanceof Error ? e.message : String(e) });
    throw e;
  }
}
