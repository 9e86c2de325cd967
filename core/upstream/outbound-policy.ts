import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { Env } from '../config/env.js';
import { classifyAddress, type AddressClass } from './address-class.js';

/**
 * Who chose the URL the gateway is about to call. A 'user-url' (a notification webhook) reaches public
 * addresses only, unless the operator opens loopback and private ones with USER_URL_ALLOW_PRIVATE. An
 * 'admin-url' (the OIDC provider) may also be loopback or private: self-hosted identity providers live there.
 */
export type OutboundPolicy = { kind: 'user-url'; allowPrivate: boolean } | { kind: 'admin-url' };

export const userUrlPolicy = (env: Pick<Env, 'USER_URL_ALLOW_PRIVATE'>): OutboundPolicy => ({ kind: 'user-url', allowPrivate: env.USER_URL_ALLOW_PRIVATE });

/** Link-local, cloud metadata, unspecified, multicast and reserved addresses are refused under every policy. */
export function allowsAddress(policy: OutboundPolicy, addressClass: AddressClass): boolean {
  if (addressClass === 'public') return true;
  if (addressClass !== 'loopback' && addressClass !== 'private') return false;
  return policy.kind === 'admin-url' || policy.allowPrivate;
}

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

/**
 * The address to connect to for a URL's host name: an IP literal itself, else the resolver's first answer.
 * Every answer must be allowed, so a name that resolves to a public and a private address is refused whatever
 * the order. Rejects with OutboundRefusedError, or the resolver's error.
 */
export async function resolveAllowed(hostname: string, policy: OutboundPolicy, resolve: Resolve = systemResolve): Promise<string> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = isIP(host) ? [host] : await resolve(host);
  for (const address of addresses) {
    const addressClass = classifyAddress(address);
    if (!allowsAddress(policy, addressClass)) throw new OutboundRefusedError(address, addressClass);
  }
  if (!addresses[0]) throw new Error(`${host} has no address`);
  return addresses[0];
}

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * An undici dispatcher that connects only where the policy allows. Its connector resolves the host itself,
 * checks the addresses and connects to the checked one, so DNS cannot answer differently between the check
 * and the connection (rebinding). TLS still verifies the certificate against the URL's host name: undici
 * takes the server name from the host, not from the address. Redirects are never followed: undici's
 * request() hands a 3xx back as it is, and no redirect interceptor is installed here.
 */
export function outboundDispatcher(policy: OutboundPolicy, resolve: Resolve = systemResolve): Dispatcher {
  const connect = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return new Agent({
    connect: (options, callback) => {
      resolveAllowed(options.hostname, policy, resolve).then(
        (address) => connect({ ...options, hostname: address }, callback),
        (e: Error) => callback(e, null),
      );
    },
  });
}
