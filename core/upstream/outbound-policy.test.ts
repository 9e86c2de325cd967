import '../../tests/support/loopback-only-network.js';
import { createServer, type Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import type { AddressClass } from './address-class.js';
import {
  adminUrlPolicy,
  allowsAddress,
  outboundDispatcher,
  OutboundRefusedError,
  resolveAllowed,
  sharedOutboundDispatcher,
  userUrlPolicy,
  type OutboundPolicy,
  type Resolve,
} from './outbound-policy.js';

// The policies the gateway builds from its env: defaults, and each switch flipped.
const USER = userUrlPolicy(loadEnv({}));
const USER_OPEN = userUrlPolicy(loadEnv({ USER_URL_ALLOW_PRIVATE: 'true' }));
const ADMIN = adminUrlPolicy(loadEnv({}));
const ADMIN_STRICT = adminUrlPolicy(loadEnv({ ADMIN_URL_ALLOW_PRIVATE: 'false' }));
const ADMIN_METADATA = adminUrlPolicy(loadEnv({ ADMIN_URL_ALLOW_METADATA: 'true' }));

/** A DNS stand-in answering from a table; names it does not know fail like NXDOMAIN. */
const dns = (table: Record<string, string[]>): Resolve => async (name) => {
  const answer = table[name];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answer;
};

const refusal = (host: string, policy: OutboundPolicy, resolve: Resolve) => resolveAllowed(host, policy, resolve).then(() => null, (e: unknown) => e);

describe('the policies from the env', () => {
  it('are what the README says', () => {
    expect([USER, USER_OPEN, ADMIN, ADMIN_STRICT, ADMIN_METADATA]).toEqual([
      { allowPrivate: false, allowMetadata: false },
      { allowPrivate: true, allowMetadata: false },
      { allowPrivate: true, allowMetadata: false },
      { allowPrivate: false, allowMetadata: false },
      { allowPrivate: true, allowMetadata: true },
    ]);
  });

  it.each<[AddressClass, boolean, boolean, boolean, boolean, boolean]>([
    // class, user, user + USER_URL_ALLOW_PRIVATE, admin, admin with ADMIN_URL_ALLOW_PRIVATE=false, admin + ADMIN_URL_ALLOW_METADATA
    ['public', true, true, true, true, true],
    ['loopback', false, true, true, false, true],
    ['private', false, true, true, false, true],
    ['metadata', false, false, false, false, true],
    ['link-local', false, false, false, false, false],
    ['unspecified', false, false, false, false, false],
    ['multicast', false, false, false, false, false],
    ['reserved', false, false, false, false, false],
  ])('%s: %s %s %s %s %s', (addressClass, ...expected) => {
    expect([USER, USER_OPEN, ADMIN, ADMIN_STRICT, ADMIN_METADATA].map((p) => allowsAddress(p, addressClass))).toEqual(expected);
  });
});

describe('resolveAllowed: the SSRF matrix (reliability-security.md S1/S2) decided on resolved addresses, no socket', () => {
  const resolve = dns({
    'hooks.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'split.example': ['93.184.216.34', '10.0.0.7'],
    'internal.example': ['192.168.1.20'],
    'metadata.example': ['169.254.169.254'],
    'aws6.example': ['fd00:ec2::254'],
    'mapped.example': ['::ffff:169.254.169.254'],
    'empty.example': [],
  });

  it('answers every resolved address when all are allowed', async () => {
    await expect(resolveAllowed('hooks.example', USER, resolve)).resolves.toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    await expect(resolveAllowed('internal.example', USER_OPEN, resolve)).resolves.toEqual(['192.168.1.20']);
  });

  it('takes IP literals as they are, brackets removed, without asking DNS', async () => {
    await expect(resolveAllowed('[::1]', USER_OPEN, dns({}))).resolves.toEqual(['::1']);
    await expect(resolveAllowed('8.8.8.8', USER, dns({}))).resolves.toEqual(['8.8.8.8']);
  });

  // Hosts as the URL parser hands them over (new URL(u).hostname), so decimal, hex and short forms arrive normalized.
  it.each<[string, string, AddressClass, OutboundPolicy[]]>([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'metadata', [USER, USER_OPEN, ADMIN, ADMIN_STRICT]],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254', 'metadata', [USER, USER_OPEN, ADMIN, ADMIN_STRICT]],
    ['http://100.100.100.200/', '100.100.100.200', 'metadata', [USER, USER_OPEN, ADMIN, ADMIN_STRICT]],
    ['http://2852039166/', '169.254.169.254', 'metadata', [USER, ADMIN]], // decimal
    ['http://0xa9fea9fe/', '169.254.169.254', 'metadata', [USER, ADMIN]], // hex
    ['http://0251.0376.0251.0376/', '169.254.169.254', 'metadata', [USER, ADMIN]], // octal
    ['http://[::ffff:169.254.169.254]/', '::ffff:a9fe:a9fe', 'metadata', [USER, ADMIN]], // IPv4-mapped
    ['http://metadata.example/', '169.254.169.254', 'metadata', [USER, USER_OPEN, ADMIN, ADMIN_STRICT]],
    ['http://aws6.example/', 'fd00:ec2::254', 'metadata', [ADMIN]],
    ['http://mapped.example/', '::ffff:169.254.169.254', 'metadata', [ADMIN]],
    ['http://127.0.0.1:5432/', '127.0.0.1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://[::1]/', '::1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://2130706433/', '127.0.0.1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://0x7f000001/', '127.0.0.1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://127.1/', '127.0.0.1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback', [USER, ADMIN_STRICT]],
    ['http://10.0.0.1/', '10.0.0.1', 'private', [USER, ADMIN_STRICT]],
    ['http://internal.example/', '192.168.1.20', 'private', [USER, ADMIN_STRICT]],
    ['http://split.example/', '10.0.0.7', 'private', [USER, ADMIN_STRICT]], // one private answer is enough
    ['http://0.0.0.0/', '0.0.0.0', 'unspecified', [USER, USER_OPEN, ADMIN, ADMIN_METADATA]],
    ['http://169.254.1.1/', '169.254.1.1', 'link-local', [USER, ADMIN, ADMIN_METADATA]],
    ['http://[fe80::1]/', 'fe80::1', 'link-local', [USER, ADMIN, ADMIN_METADATA]],
    ['http://224.0.0.1/', '224.0.0.1', 'multicast', [USER, ADMIN]],
    ['http://240.0.0.1/', '240.0.0.1', 'reserved', [USER, ADMIN]],
  ])('refuses %s: %s is %s', async (url, address, addressClass, policies) => {
    for (const policy of policies) {
      const e = await refusal(new URL(url).hostname, policy, resolve);
      expect(e, JSON.stringify(policy)).toBeInstanceOf(OutboundRefusedError);
      expect(e).toMatchObject({ address, addressClass, message: `outbound address ${address} refused (${addressClass})` });
    }
  });

  it('lets the same targets through where the operator opened them', async () => {
    await expect(resolveAllowed('metadata.example', ADMIN_METADATA, resolve)).resolves.toEqual(['169.254.169.254']);
    await expect(resolveAllowed(new URL('http://2130706433/').hostname, ADMIN, resolve)).resolves.toEqual(['127.0.0.1']);
    await expect(resolveAllowed('internal.example', ADMIN, resolve)).resolves.toEqual(['192.168.1.20']);
  });

  it('decides on what DNS answers now: a name that turns private on the second lookup is refused then', async () => {
    let answers = 0;
    const rebinding: Resolve = async () => (answers++ === 0 ? ['93.184.216.34'] : ['10.0.0.8']);
    await expect(resolveAllowed('rebind.example', USER, rebinding)).resolves.toEqual(['93.184.216.34']);
    expect(await refusal('rebind.example', USER, rebinding)).toMatchObject({ address: '10.0.0.8', addressClass: 'private' });
  });

  it('passes resolver failures on and refuses a name without addresses', async () => {
    await expect(resolveAllowed('nowhere.example', USER, resolve)).rejects.toThrow(/ENOTFOUND/);
    await expect(resolveAllowed('empty.example', USER, resolve)).rejects.toThrow('empty.example has no address');
  });
});

// Every socket here may reach loopback only (tests/support/loopback-only-network.ts): a policy that let a blocked
// address through would fail with the guard's error, never reach the address.
describe('outboundDispatcher', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];
  let connections = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host} ${req.url}`);
      if (req.url === '/moved') res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' });
      res.end('hello');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses loopback for a user URL before any connection, in any spelling', async () => {
    const dispatcher = outboundDispatcher(USER, dns({ localhost: ['127.0.0.1'] }));
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost', '[::ffff:127.0.0.1]']) {
      await expect(request(`http://${host}:${port}/x`, { dispatcher }), host).rejects.toThrow(/^outbound address (127\.0\.0\.1|::ffff:7f00:1) refused \(loopback\)$/);
    }
    await expect(request(`https://127.0.0.1:${port}/x`, { dispatcher })).rejects.toThrow('outbound address 127.0.0.1 refused (loopback)');
    expect([seen, connections]).toEqual([[], 0]);
    await dispatcher.close();
  });

  it('refuses a name that resolves to a metadata address under every default policy', async () => {
    for (const policy of [USER, USER_OPEN, ADMIN, ADMIN_STRICT]) {
      const dispatcher = outboundDispatcher(policy, dns({ 'metadata.example': ['169.254.169.254'] }));
      await expect(request('http://metadata.example/latest/meta-data/', { dispatcher })).rejects.toThrow('outbound address 169.254.169.254 refused (metadata)');
      await dispatcher.close();
    }
  });

  it('connects to the address it checked, not to a second DNS answer (no rebinding window)', async () => {
    let answers = 0;
    // First answer public (what a save-time check saw), every later one loopback.
    const rebinding: Resolve = async () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    await expect(resolveAllowed('rebind.example', USER, rebinding)).resolves.toEqual(['93.184.216.34']);
    const dispatcher = outboundDispatcher(USER, rebinding);
    await expect(request(`http://rebind.example:${port}/x`, { dispatcher })).rejects.toThrow('outbound address 127.0.0.1 refused (loopback)');
    expect([seen, connections]).toEqual([[], 0]);
    await dispatcher.close();
  });

  it('connects to the checked address with the original Host when private targets are allowed', async () => {
    // The name exists only in this resolver: reaching the listener proves the connection used its answer.
    const dispatcher = outboundDispatcher(USER_OPEN, dns({ 'hooks.internal': ['::1', '127.0.0.1'] }));
    const res = await request(`http://hooks.internal:${port}/x`, { dispatcher });
    expect(await res.body.text()).toBe('hello');
    expect(seen).toEqual([`GET hooks.internal:${port} /x`]);
    await dispatcher.close();
  });

  it('hands a redirect to a blocked address back instead of following it', async () => {
    seen.length = 0;
    const dispatcher = outboundDispatcher(ADMIN);
    const res = await request(`http://127.0.0.1:${port}/moved`, { dispatcher });
    await res.body.dump();
    expect([res.statusCode, res.headers.location]).toEqual([302, 'http://169.254.169.254/latest/meta-data/']);
    expect(seen).toEqual([`GET 127.0.0.1:${port} /moved`]);
    await dispatcher.close();
  });

  it('never speaks anything but HTTP(S)', () => {
    const dispatcher = sharedOutboundDispatcher(ADMIN);
    for (const url of ['file:///etc/passwd', 'gopher://127.0.0.1:6379/_INFO']) {
      expect(() => request(url, { dispatcher }), url).toThrow(/must start with `http:` or `https:`/);
    }
  });

  it('keeps one shared pool per policy', () => {
    expect(sharedOutboundDispatcher(adminUrlPolicy(loadEnv({})))).toBe(sharedOutboundDispatcher(ADMIN));
    expect(sharedOutboundDispatcher(ADMIN_STRICT)).not.toBe(sharedOutboundDispatcher(ADMIN));
  });
});
