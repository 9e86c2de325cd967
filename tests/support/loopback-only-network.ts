import dns from 'node:dns';
import dnsPromises from 'node:dns/promises';
import { syncBuiltinESMExports } from 'node:module';
import net, { isIP, type LookupFunction } from 'node:net';
import { classifyAddress } from '../../core/upstream/address-class.js';

/**
 * The test network, for outbound-policy tests: imported by a test file, or preloaded into a gateway
 * (testNetwork() in test-network.ts). Two things:
 *  - every socket may only connect to 127.0.0.0/8 or ::1 (a Unix socket is fine). Anything else fails with
 *    TEST_NETWORK_GUARD before connecting, so a broken outbound policy can never reach a real address such as
 *    169.254.169.254, and the test sees the guard's error instead of the policy's refusal;
 *  - FERRYMAN_TEST_HOSTS (JSON {"name": ["address", …]}) answers those names without DNS, so a test can give
 *    the gateway a host that resolves to a metadata or private address.
 */

const INSTALLED = Symbol.for('ferryman.loopbackOnlyNetwork');

function guardError(address: string): Error {
  return Object.assign(new Error(`test network guard: connection to ${address} refused (tests connect to loopback only)`), { code: 'TEST_NETWORK_GUARD' });
}

const isLoopback = (address: string) => classifyAddress(address) === 'loopback';

/**
 * The lookup a socket would use, left with its loopback answers only: a name that also answers a loopback
 * listener reaches it, so a test sees a connection the policy should have refused.
 */
function guardedLookup(inner: LookupFunction): LookupFunction {
  return (hostname, options, callback) =>
    inner(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      if (typeof address === 'string') return isLoopback(address) ? callback(null, address, family) : callback(guardError(address), '', 0);
      const loopback = address.filter((a) => isLoopback(a.address));
      if (!loopback.length) return callback(guardError(address[0]?.address ?? hostname), '', 0);
      callback(null, loopback);
    });
}

function installGuard(): void {
  const connect = net.Socket.prototype.connect;
  // net.connect hands over [options, callback] normalized; direct calls pass (options) or (port, host).
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : typeof first === 'object' && first !== null ? first : { host: args[1] }) as {
      host?: string;
      path?: string;
      lookup?: LookupFunction;
    };
    if (!options.path) {
      const host = (options.host ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
      if (isIP(host)) {
        if (!isLoopback(host)) {
          process.nextTick(() => this.destroy(guardError(host)));
          return this;
        }
      } else {
        options.lookup = guardedLookup(options.lookup ?? (dns.lookup as LookupFunction));
      }
    }
    return connect.apply(this, args as Parameters<typeof connect>);
  } as typeof connect;
}

function installTestHosts(table: Record<string, string[]>): void {
  const lookup = dnsPromises.lookup;
  dnsPromises.lookup = (async (hostname: string, options?: dns.LookupOptions) => {
    const answer = table[hostname];
    if (!answer) return lookup(hostname, options ?? {});
    const all = answer.map((address) => ({ address, family: isIP(address) }));
    return options?.all ? all : all[0];
  }) as typeof dnsPromises.lookup;
  syncBuiltinESMExports();
}

const marked = globalThis as { [INSTALLED]?: boolean };
if (!marked[INSTALLED]) {
  marked[INSTALLED] = true;
  installGuard();
  const hosts = process.env['FERRYMAN_TEST_HOSTS'];
  if (hosts) installTestHosts(JSON.parse(hosts) as Record<string, string[]>);
}
