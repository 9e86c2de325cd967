import { LRUCache } from 'lru-cache';
import { tokenIsFresh, type FetchedToken } from '../providers/token-cache.js';

/** What a relay thread's claim is answered: a token another thread fetched, or the turn to fetch it itself. */
export type TokenClaim = { token: FetchedToken } | { fetch: true };

type Waiter = { thread: number; resolve(c: TokenClaim): void; reject(e: Error): void };

/**
 * The main thread's side of the provider token caches (core/providers/token-cache.ts) when relay threads serve:
 * one fetch per key for the whole process. A thread that misses claims the key; the first is told to fetch and
 * settle, the others wait for what it settles. That matters beyond cost for Codex channels, whose refresh token
 * rotates: two threads refreshing with the same one would find the second refresh refused. The fetch itself
 * stays on the thread (it holds the credential's closure and the outbound client); only tokens cross.
 */
export class TokenFetchHub {
  private readonly tokens: LRUCache<string, FetchedToken>;
  private readonly inFlight = new Map<string, { owner: number; waiters: Waiter[] }>();

  constructor(
    max = 1000,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = new LRUCache({ max });
  }

  claim(cacheKey: string, thread: number): Promise<TokenClaim> | TokenClaim {
    const held = this.tokens.get(cacheKey);
    if (held && tokenIsFresh(held, this.now())) return { token: held };
    const fetching = this.inFlight.get(cacheKey);
    if (!fetching) {
      this.inFlight.set(cacheKey, { owner: thread, waiters: [] });
      return { fetch: true };
    }
    return new Promise((resolve, reject) => fetching.waiters.push({ thread, resolve, reject }));
  }

  /** The claiming thread's fetch ended: its token for every waiter, or its error. */
  settle(cacheKey: string, fetched: FetchedToken | { error: string }): void {
    const fetching = this.inFlight.get(cacheKey);
    this.inFlight.delete(cacheKey);
    if ('token' in fetched) this.tokens.set(cacheKey, fetched);
    for (const w of fetching?.waiters ?? []) {
      if ('token' in fetched) w.resolve({ token: fetched });
      else w.reject(new Error(fetched.error));
    }
  }

  /**
   * The upstream refused the key's token on some thread: the next claim fetches, unless another thread has
   * fetched a newer token than the refused one meanwhile (a Codex refresh spends its refresh token).
   */
  forget(cacheKey: string, refused: string | null): void {
    const held = this.tokens.get(cacheKey);
    if (held && (refused === null || held.token === refused)) this.tokens.delete(cacheKey);
  }

  /** A relay thread ended: its waits are dropped, and a fetch it owed goes to the first thread still waiting. */
  threadEnded(thread: number): void {
    for (const [cacheKey, fetching] of this.inFlight) {
      fetching.waiters = fetching.waiters.filter((w) => w.thread !== thread);
      if (fetching.owner !== thread) continue;
      const next = fetching.waiters.shift();
      if (!next) {
        this.inFlight.delete(cacheKey);
        continue;
      }
      fetching.owner = next.thread;
      next.resolve({ fetch: true });
    }
  }
}
