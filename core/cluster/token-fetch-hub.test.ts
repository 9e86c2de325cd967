import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { shareTokenFetches, TokenCache, type FetchedToken } from '../providers/token-cache.js';
import type { MainMethods, RelayMethods } from './relay-thread-context.js';
import { RpcPeer } from './thread-rpc.js';
import { sharedTokenFetches } from './thread-services.js';
import { TokenFetchHub } from './token-fetch-hub.js';

const HOUR = 3_600_000;
const token = (t: string, now = Date.now()): FetchedToken => ({ token: t, expiresAt: now + HOUR });

describe('TokenFetchHub', () => {
  it('lets the first claimant fetch and gives its token to the others and to later claims', async () => {
    const hub = new TokenFetchHub();
    expect(hub.claim('k', 1)).toEqual({ fetch: true });
    const waiting = [hub.claim('k', 2), hub.claim('k', 3)];
    hub.settle('k', token('t1'));
    for (const c of await Promise.all(waiting)) expect(c).toMatchObject({ token: { token: 't1' } });
    expect(hub.claim('k', 2)).toMatchObject({ token: { token: 't1' } });
    // another key is fetched on its own
    expect(hub.claim('other', 2)).toEqual({ fetch: true });
  });

  it('fails the waiters with the fetch error, and lets the next claim try again', async () => {
    const hub = new TokenFetchHub();
    hub.claim('k', 1);
    const waiting = hub.claim('k', 2);
    hub.settle('k', { error: 'token endpoint answered 400' });
    await expect(waiting).rejects.toThrow('token endpoint answered 400');
    expect(hub.claim('k', 2)).toEqual({ fetch: true });
  });

  it('fetches again once a token is within five minutes of its expiry, or forgotten', () => {
    let now = 0;
    const hub = new TokenFetchHub(10, () => now);
    hub.claim('k', 1);
    hub.settle('k', { token: 't1', expiresAt: 10 * 60_000 });
    expect(hub.claim('k', 1)).toMatchObject({ token: { token: 't1' } });
    now = 5 * 60_000;
    expect(hub.claim('k', 1)).toEqual({ fetch: true });
    hub.settle('k', token('t2', now));
    // a thread refused t1, older than what the process holds: t2 stays
    hub.forget('k', 't1');
    expect(hub.claim('k', 2)).toMatchObject({ token: { token: 't2' } });
    hub.forget('k', 't2');
    expect(hub.claim('k', 2)).toEqual({ fetch: true });
  });

  it('hands the fetch of a thread that ended to the first thread still waiting', async () => {
    const hub = new TokenFetchHub();
    hub.claim('k', 1);
    const fromDead = hub.claim('k', 1);
    const next = hub.claim('k', 2);
    const last = hub.claim('k', 3);
    hub.threadEnded(1);
    expect(await next).toEqual({ fetch: true });
    hub.settle('k', token('t2'));
    expect(await last).toMatchObject({ token: { token: 't2' } });
    // the ended thread's own wait is dropped, never answered
    expect(await Promise.race([fromDead, new Promise((r) => setTimeout(() => r('dropped'), 20))])).toBe('dropped');
  });
});

describe('TokenCache through the main thread', () => {
  const peers: { close(): void }[] = [];
  afterEach(() => {
    shareTokenFetches(null);
    for (const p of peers.splice(0)) p.close();
  });

  it('uses the token another thread fetched, and fetches once for the process', async () => {
    const hub = new TokenFetchHub();
    const { port1, port2 } = new MessageChannel();
    const main = new RpcPeer<RelayMethods>(port1, {
      tokenClaim: (k: string, t: number) => hub.claim(k, t),
      tokenSettle: (k: string, f: FetchedToken | { error: string }) => hub.settle(k, f),
      tokenForget: (k: string, refused: string | null) => hub.forget(k, refused),
    });
    const relay = new RpcPeer<MainMethods>(port2, {});
    peers.push(main, relay);
    shareTokenFetches(sharedTokenFetches(relay, 1));

    // thread 2 is fetching this key: this thread's requests wait for its token instead of fetching their own
    expect(hub.claim('vertex-key', 2)).toEqual({ fetch: true });
    let fetches = 0;
    const cache = new TokenCache();
    const fetch = async () => (fetches++, token('own'));
    const asked = Promise.all([cache.get('vertex-key', fetch), cache.get('vertex-key', fetch)]);
    await new Promise((r) => setTimeout(r, 20));
    hub.settle('vertex-key', token('from-thread-2'));
    expect(await asked).toEqual(['from-thread-2', 'from-thread-2']);
    expect(fetches).toBe(0);

    // a key nobody holds: this thread fetches it once, and the process has it
    expect(await cache.get('baidu-key', fetch)).toBe('own');
    expect(fetches).toBe(1);
    await new Promise((r) => setTimeout(r, 20)); // the settle message
    expect(hub.claim('baidu-key', 2)).toMatchObject({ token: { token: 'own' } });

    // refused upstream: forgotten here and for the process
    cache.forget('baidu-key');
    await new Promise((r) => setTimeout(r, 20));
    expect(hub.claim('baidu-key', 2)).toEqual({ fetch: true });
  });
});
