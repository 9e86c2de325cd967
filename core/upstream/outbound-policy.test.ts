import { createServer, type Server } from 'node:http';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressClass } from './address-class.js';
import { allowsAddress, outboundDispatcher, OutboundRefusedError, resolveAllowed, type OutboundPolicy, type Resolve } from './outbound-policy.js';

const USER: OutboundPolicy = { kind: 'user-url', allowPrivate: false };
const USER_OPEN: OutboundPolicy = { kind: 'user-url', allowPrivate: true };
const ADMIN: OutboundPolicy = { kind: 'admin-url' };

/** A DNS stand-in answering from a table; names it does not know fail like NXDOMAIN. */
const dns = (table: Record<string, string[]>): Resolve => async (name) => {
  const answer = table[name];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answer;
};

describe('allowsAddress', () => {
  it.each<[AddressClass, boolean, boolean, boolean]>([
    // class, user-url, user-url with USER_URL_ALLOW_PRIVATE, admin-url
    ['public', true, true, true],
    ['loopback', false, true, true],
    ['private', false, true, true],
    ['link-local', false, false, false],
    ['metadata', false, false, false],
    ['unspecified', false, false, false],
    ['multicast', false, false, false],
    ['reserved', false, false, false],
  ])('%s: user %s, user with private allowed %s, admin %s', (addressClass, user, userOpen, admin) => {
    expect([allowsAddress(USER, addressClass), allowsAddress(USER_OPEN, addressClass), allowsAddress(ADMIN, addressClass)]).toEqual([user, userOpen, admin]);
  });
});

describe('resolveAllowed', () => {
  const resolve = dns({
    'hooks.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    'split.example': ['93.184.216.34', '10.0.0.7'],
    'internal.example': ['192.168.1.20'],
    'metadata.example': ['169.254.169.254'],
    'empty.example': [],
  });

  it('answers the first resolved address when every answer is allowed', async () => {
    await expect(resolveAllowed('hooks.example', USER, resolve)).resolves.toBe('93.184.216.34');
    await expect(resolveAllowed('internal.example', USER_OPEN, resolve)).resolves.toBe('192.168.1.20');
  });

  it('takes IP literals as they are, brackets removed, without asking DNS', async () => {
    await expect(resolveAllowed('[::1]', USER_OPEN, dns({}))).resolves.toBe('::1');
    await expect(resolveAllowed('8.8.8.8', USER, dns({}))).resolves.toBe('8.8.8.8');
  });

  it.each<[string, OutboundPolicy, string, AddressClass]>([
    ['127.0.0.1', USER, '127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', USER, '::ffff:7f00:1', 'loopback'],
    ['split.example', USER, '10.0.0.7', 'private'], // one private answer is enough
    ['internal.example', USER, '192.168.1.20', 'private'],
    ['metadata.example', USER_OPEN, '169.254.169.254', 'metadata'],
    ['metadata.example', ADMIN, '169.254.169.254', 'metadata'],
    ['[fd00:ec2::254]', ADMIN, 'fd00:ec2::254', 'metadata'],
    ['0.0.0.0', ADMIN, '0.0.0.0', 'unspecified'],
  ])('refuses %s under %o: %s is %s', async (host, policy, address, addressClass) => {
    const refusal = await resolveAllowed(host, policy, resolve).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(OutboundRefusedError);
    expect(refusal).toMatchObject({ address, addressClass, message: `outbound address ${address} refused (${addressClass})` });
  });

  it('passes resolver failures on and refuses a name without addresses', async () => {
    await expect(resolveAllowed('nowhere.example', USER, resolve)).rejects.toThrow(/ENOTFOUND/);
    await expect(resolveAllowed('empty.example', USER, resolve)).rejects.toThrow('empty.example has no address');
  });
});

describe('outboundDispatcher', () => {
  let server: Server;
  let port = 0;
  const seen: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.headers.host} ${req.url}`);
      if (req.url === '/moved') res.writeHead(302, { Location: '/x' });
      res.end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses loopback for a user URL before any connection, in any spelling', async () => {
    const dispatcher = outboundDispatcher(USER, dns({ localhost: ['127.0.0.1'] }));
    for (const host of ['127.0.0.1', '2130706433', '0x7f000001', '127.1', 'localhost']) {
      await expect(request(`http://${host}:${port}/x`, { dispatcher }), host).rejects.toThrow('outbound address 127.0.0.1 refused (loopback)');
    }
    expect(seen).toEqual([]);
    await dispatcher.close();
  });

  it('connects to the address it checked, not to a second DNS answer (no rebinding window)', async () => {
    let answers = 0;
    // First answer public (what a save-time check saw), every later one loopback.
    const rebinding: Resolve = async () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    await expect(resolveAllowed('rebind.example', USER, rebinding)).resolves.toBe('93.184.216.34');
    const dispatcher = outboundDispatcher(USER, rebinding);
    await expect(request(`http://rebind.example:${port}/x`, { dispatcher })).rejects.toThrow('outbound address 127.0.0.1 refused (loopback)');
    expect(seen).toEqual([]);
    await dispatcher.close();
  });

  it('connects to the pinned address with the original Host when private targets are allowed', async () => {
    // The name exists only in this resolver: reaching the listener proves the connection used its answer.
    const dispatcher = outboundDispatcher(USER_OPEN, dns({ 'hooks.internal': ['127.0.0.1'] }));
    const res = await request(`http://hooks.internal:${port}/x`, { dispatcher });
    expect(await res.body.text()).toBe('hello');
    expect(seen).toEqual([`GET hooks.internal:${port} /x`]);
    await dispatcher.close();
  });

  it('hands a redirect back instead of following it', async () => {
    seen.length = 0;
    const dispatcher = outboundDispatcher(USER_OPEN);
    const res = await request(`http://127.0.0.1:${port}/moved`, { dispatcher });
    await res.body.dump();
    expect(res.statusCode).toBe(302);
    expect(seen).toEqual([`GET 127.0.0.1:${port} /moved`]);
    await dispatcher.close();
  });
});
