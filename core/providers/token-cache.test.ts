import { describe, expect, it } from 'vitest';
import { TokenCache, type FetchedToken } from './token-cache.js';

function counted(answers: Array<FetchedToken | Error>) {
  let calls = 0;
  const fetch = async (): Promise<FetchedToken> => {
    const a = answers[Math.min(calls++, answers.length - 1)]!;
    await new Promise((r) => setTimeout(r, 5));
    if (a instanceof Error) throw a;
    return a;
  };
  return { fetch, calls: () => calls };
}

const HOUR = 3600_000;

describe('TokenCache', () => {
  it('shares one fetch among concurrent requests for a key, and keeps its token', async () => {
    const cache = new TokenCache(10, () => 0);
    const f = counted([{ token: 't1', expiresAt: HOUR }]);
    expect(await Promise.all([cache.get('k', f.fetch), cache.get('k', f.fetch), cache.get('k', f.fetch)])).toEqual(['t1', 't1', 't1']);
    expect(await cache.get('k', f.fetch)).toBe('t1');
    expect(f.calls()).toBe(1);
  });

  it.each([
    [HOUR - 6 * 60_000, 1, 't1'],
    [HOUR - 4 * 60_000, 2, 't2'],
  ])('at %i ms a token expiring at one hour has been fetched %i time(s)', async (at, calls, token) => {
    let now = 0;
    const cache = new TokenCache(10, () => now);
    const f = counted([{ token: 't1', expiresAt: HOUR }, { token: 't2', expiresAt: 2 * HOUR }]);
    await cache.get('k', f.fetch);
    now = at;
    expect(await cache.get('k', f.fetch)).toBe(token);
    expect(f.calls()).toBe(calls);
  });

  it('does not remember a failed fetch: every waiter gets the error, the next request fetches again', async () => {
    const cache = new TokenCache(10, () => 0);
    const f = counted([new Error('refused'), { token: 't2', expiresAt: HOUR }]);
    const waiting = [cache.get('k', f.fetch), cache.get('k', f.fetch)];
    for (const w of waiting) await expect(w).rejects.toThrow('refused');
    expect(await cache.get('k', f.fetch)).toBe('t2');
    expect(f.calls()).toBe(2);
  });

  it('fetches again after the token is forgotten, and only for that key', async () => {
    const cache = new TokenCache(10, () => 0);
    const f = counted([{ token: 't1', expiresAt: HOUR }, { token: 't2', expiresAt: HOUR }, { token: 't3', expiresAt: HOUR }]);
    expect(await cache.get('k', f.fetch)).toBe('t1');
    expect(await cache.get('other', f.fetch)).toBe('t2');
    cache.forget('k');
    expect(await cache.get('k', f.fetch)).toBe('t3');
    expect(await cache.get('other', f.fetch)).toBe('t2');
    expect(f.calls()).toBe(3);
  });

  it('keeps at most `max` keys, dropping the least recently used', async () => {
    const cache = new TokenCache(2, () => 0);
    const f = counted([{ token: 't', expiresAt: HOUR }]);
    for (const k of ['a', 'b', 'c', 'a']) await cache.get(k, f.fetch);
    expect(f.calls()).toBe(4);
  });
});
