import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { Env } from '../config/env.js';
import { classifyAddress, type AddressClass } from './address-class.js';

/**
 * Which addresses, beyond public ones, a server-side request may connect to. Link-local, unspecified,
 * multicast and reserved addresses are never allowed.
 */
export interface OutboundPolicy {
  /** loopback and private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) */
  allowPrivate: boolean;
  /** cloud instance metadata (169.254.169.254, fd00:ec2::254, 100.100.100.200, in any spelling) */
  allowMetadata: boolean;
}

/**
 * URLs users supply (notification webhooks, push endpoints, image URLs): public addresses only, unless the
 * operator opens loopback and private ones with USER_URL_ALLOW_PRIVATE. Never metadata.
 */
export const userUrlPolicy = (env: Pick<Env, 'USER_URL_ALLOW_PRIVATE'>): OutboundPolicy => ({ allowPrivate: env.USER_URL_ALLOW_PRIVATE, allowMetadata: false });

/**
 * URLs the operator sets (channel base URLs, sign-in providers, the WeChat server): loopback and private
 * addresses unless ADMIN_URL_ALLOW_PRIVATE=false, since local Ollama or a self-hosted identity provider live
 * there; metadata only with ADMIN_URL_ALLOW_METADATA.
 */
export const adminUrlPolicy = (env: Pick<Env, 'ADMIN_URL_ALLOW_PRIVATE' | 'ADMIN_URL_ALLOW_METADATA'>): OutboundPolicy => ({
  allowPrivate: env.ADMIN_URL_ALLOW_PRIVATE,
  allowMetadata: env.ADMIN_URL_ALLOW_METADATA,
});

export function allowsAddress(policy: OutboundPolicy, addressClass: AddressClass): boolean {
  switch (addressClass) {
    case 'public':
      return true;
    case 'loopback':
    case 'private':
      return policy.allowPrivate;
    case 'metadata':
      return policy.allowMetadata;
    default:
      return false;
  }
}

/** No `code`: callers that log a transport error's code fall back to this message, which names the address. */
export class OutboundRefusedError extends Error {
  constructor(
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    super(`outbound address ${address} refused (${addressClass})`);
  }
}

/** A host name's addresses; the system resolver unless a test stands in for DNS. */
export type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Refuses an IP address the policy does not allow. */
function checkAddress(address: string, policy: OutboundPolicy): void {
  const addressClass = classifyAddress(address);
  if (!allowsAddress(policy, addressClass)) throw new OutboundRefusedError(address, addressClass);
}

/**
 * The addresses a URL's host name may be connected to: an IP literal itself, else every resolver answer.
 * Every answer must be allowed, so a name that resolves to a public and a private address is refused whatever
 * the order. Rejects with OutboundRefusedError, or the resolver's error.
 */
export async function resolveAllowed(hostname: string, policy: OutboundPolicy, resolve: Resolve = systemResolve): Promise<string[]> {
  const host = unbracket(hostname);
  const addresses = isIP(host) ? [host] : await resolve(host);
  for (const address of addresses) checkAddress(address, policy);
  if (!addresses.length) throw new Error(`${host} has no address`);
  return addresses;
}

/**
 * A net.connect `lookup` that answers only addresses the policy allows, so the socket connects to exactly the
 * addresses that were checked (no DNS-rebinding window) and Node's happy eyeballs still picks among them.
 */
export function policyLookup(policy: OutboundPolicy, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolve).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = family ? all.filter((a) => isIP(a) === family) : all;
        if (!addresses[0]) return callback(new Error(`${hostname} has no IPv${family} address`), '');
        if (options.all) callback(null, addresses.map((address) => ({ address, family: isIP(address) })));
        else callback(null, addresses[0], isIP(addresses[0]));
      },
      (e: Error) => callback(e, ''),
    );
  };
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * An undici connector that opens sockets only to addresses the policy allows: an IP literal host is checked
 * before connecting, a name through policyLookup. It runs once per new connection, never per request, so
 * keep-alive pools (the relay's) pay nothing per call. TLS still verifies the certificate against the URL's
 * host name: undici takes the server name from the host, not from the address.
 */
export function policyConnector(policy: OutboundPolicy, resolve: Resolve = systemResolve): buildConnector.connector {
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS, lookup: policyLookup(policy, resolve) });
  return (options, callback) => {
    const host = unbracket(options.hostname);
    if (isIP(host)) {
      try {
        checkAddress(host, policy);
      } catch (e) {
        callback(e as Error, null);
        return;
      }
    }
    connect({ ...options, hostname: host }, callback);
  };
}

/**
 * An undici dispatcher whose connections obey the policy (policyConnector), owned (and closed) by the caller.
 * Redirects are never followed here: undici's request() hands a 3xx back as it is, and no redirect
 * interceptor is installed.
 */
export function outboundDispatcher(policy: OutboundPolicy, resolve: Resolve = systemResolve): Dispatcher {
  return new Agent({ connect: policyConnector(policy, resolve) });
}

const shared = new Map<string, Dispatcher>();

/**
 * One outboundDispatcher per policy for the life of the process, for callers that own no lifetime of their
 * own (console handlers): their calls share one keep-alive pool. Never close what this returns.
 */
export function sharedOutboundDispatcher(policy: OutboundPolicy): Dispatcher {
  const key = `${policy.allowPrivate}:${policy.allowMetadata}`;
  let dispatcher = shared.get(key);
  if (!dispatcher) shared.set(key, (dispatcher = outboundDispatcher(policy)));
  return dispatcher;
}
