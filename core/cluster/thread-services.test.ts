import { MessageChannel } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { NotifyThrottle } from '../notify/notify-throttle.js';
import type { MainMethods, RelayMethods } from './relay-thread-context.js';
import { RpcPeer } from './thread-rpc.js';
import { threadServices } from './thread-services.js';

describe('threadServices', () => {
  const peers: { close(): void }[] = [];
  afterEach(() => {
    for (const p of peers.splice(0)) p.close();
  });

  /** A relay thread's services, linked to a main thread that serves `notifyAllow` from `limit`. */
  function relayThread(limit: NotifyThrottle) {
    const { port1, port2 } = new MessageChannel();
    const main = new RpcPeer<RelayMethods>(port1, { notifyAllow: (userId: number, type: string) => limit.allow(userId, type) });
    const relay = new RpcPeer<MainMethods>(port2, {});
    peers.push(main, relay);
    return threadServices(relay, { global: false, critical: false });
  }

  it('counts notifications once for the process, whichever relay thread asks', async () => {
    const processLimit = new NotifyThrottle(2, 600_000);
    const [a, b] = [relayThread(processLimit), relayThread(processLimit)];
    // each thread alone would allow 2: together they get 2, not 4
    const decisions = await Promise.all([a, b, a, b, a, b].map((t) => t.notifyLimit.allow(9, 'quota_exceed')));
    expect(decisions.filter(Boolean)).toHaveLength(2);
    expect(await b.notifyLimit.allow(10, 'quota_exceed')).toBe(true);
  });
});
