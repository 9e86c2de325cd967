import '../../tests/support/loopback-only-network.js';
import { createServer, type Server } from 'node:http';
import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { fetchUserUrl, UserUrlError } from './fetch-user-url.js';
import { classifyAddress } from './address-class.js';
import { OutboundRefusedError, policyConnector, resolveAllowed, userUrlPolicy, type OutboundPolicy, type Resolve } from './outbound-policy.js';

const USER = userUrlPolicy(loadEnv({}));
const USER_OPEN = userUrlPolicy(loadEnv({ USER_URL_ALLOW_PRIVATE: 'true' }));

const dns = (table: Record<string, string[]>): Resolve => async (name) => {
  const answer = table[name];
  if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return answer;
};

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const onLoopback = (addresses: string[]) => addresses.every((a) => classifyAddress(a) === 'loopback');

/**
 * What the fetches go through: the policy's own connector (outboundDispatcher's) for this file's loopback
 * listener, and for any other host the policy's decision alone. A host outside loopback that the policy refuses
 * fails with its refusal; one it wrongly allowed fails the test here, before any socket is opened.
 */
function decidingDispatcher(policy: OutboundPolicy, resolve: Resolve): Dispatcher {
  const connect = policyConnector(policy, resolve);
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host) && onLoopback([host])) return connect(options, callback);
      resolveAllowed(host, policy, resolve).then(
        (addresses) => (onLoopback(addresses) ? connect(options, callback) : callback(new Error(`the policy let ${addresses.join(', ')} through; not connecting`), null)),
        (e: Error) => callback(e, null),
      );
    },
  });
}

// No socket opens outside loopback: non-loopback hosts get the policy's decision only (decidingDispatcher), and
// the network guard (loopback-only-network.ts) stands behind it.
describe('the user-url policy on addresses outside loopback, decided without a socket', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'metadata'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254', 'metadata'],
    ['http://10.0.0.1/x.png', '10.0.0.1', 'private'],
    ['http://169.254.1.1/', '169.254.1.1', 'link-local'],
  ])('refuses %s: %s is %s', async (url, address, addressClass) => {
    const refusal = await resolveAllowed(new URL(url).hostname, USER, dns({})).then(() => null, (e: unknown) => e);
    expect(refusal).toBeInstanceOf(OutboundRefusedError);
    expect(refusal).toMatchObject({ address, addressClass });
  });

  it('refuses metadata even where the operator opened private targets', async () => {
    await expect(resolveAllowed('169.254.169.254', USER_OPEN, dns({}))).rejects.toMatchObject({ addressClass: 'metadata' });
    await expect(resolveAllowed('10.0.0.1', USER_OPEN, dns({}))).resolves.toEqual(['10.0.0.1']);
  });
});

describe('fetchUserUrl', () => {
  let server: Server;
  let base = '';
  const seen: string[] = [];
  let connections = 0;
  const dispatchers: Dispatcher[] = [];
  const fetchWith = (policy: OutboundPolicy, url: string, more: { resolve?: Resolve; maxBytes?: number; timeoutMs?: number } = {}) => {
    const dispatcher = decidingDispatcher(policy, more.resolve ?? dns({}));
    dispatchers.push(dispatcher);
    return fetchUserUrl(url, { dispatcher, maxBytes: more.maxBytes ?? 1024 * 1024, timeoutMs: more.timeoutMs ?? 5000 });
  };
  const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      switch (url.pathname) {
        case '/cat.png':
          res.writeHead(200, { 'content-type': 'image/PNG; charset=binary' });
          return res.end(PNG);
        case '/plain':
          return res.end('no type');
        case '/to-metadata':
          res.writeHead(302, { location: 'http://imds.example/latest/meta-data/' });
          return res.end();
        case '/to-private-name':
          res.writeHead(307, { location: 'http://intranet.example/x' });
          return res.end();
        case '/to-file':
          res.writeHead(301, { location: 'file:///etc/passwd' });
          return res.end();
        case '/relative':
          res.writeHead(303, { location: '/cat.png' });
          return res.end();
        case '/loop':
          res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
          return res.end();
        case '/big':
          res.writeHead(200, { 'content-type': 'image/png', 'content-length': '4096' });
          return res.end(Buffer.alloc(4096));
        case '/big-chunked':
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(Buffer.alloc(600));
          return setTimeout(() => res.end(Buffer.alloc(600)), 10);
        case '/slow':
          return setTimeout(() => res.end('late'), 2000);
        default:
          res.writeHead(404);
          return res.end('missing');
      }
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.close()));
    seen.length = 0;
    connections = 0;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('reads the file and its media type, parameters dropped (none when none sent), where the operator opened loopback', async () => {
    const file = await fetchWith(USER_OPEN, `${base}/cat.png`);
    expect(file).toEqual({ bytes: PNG, contentType: 'image/png', url: `${base}/cat.png` });
    expect((await fetchWith(USER_OPEN, `${base}/plain`)).contentType).toBe(''); // none sent
  });

  it.each([
    ['http://127.0.0.1:9/x.png', '127.0.0.1', 'loopback'],
    ['http://2130706433/x.png', '127.0.0.1', 'loopback'], // decimal
    ['http://[::ffff:127.0.0.1]/x.png', '::ffff:7f00:1', 'loopback'],
  ])('refuses %s before connecting: %s is %s', async (url, address, addressClass) => {
    const e = await failure(fetchWith(USER, url));
    expect(e).toBeInstanceOf(UserUrlError);
    expect(e).toMatchObject({ refused: true, message: `URL not allowed: outbound address ${address} refused (${addressClass})` });
  });

  it('refuses the local listener itself for a plain user policy: no connection is made', async () => {
    expect(await failure(fetchWith(USER, `${base}/cat.png`))).toMatchObject({ message: 'URL not allowed: outbound address 127.0.0.1 refused (loopback)' });
    expect([seen, connections]).toEqual([[], 0]);
  });

  it('refuses metadata even where the operator opened private targets, also through a name', async () => {
    const resolve = dns({ 'meta.example': ['169.254.169.254'] });
    expect(await failure(fetchWith(USER_OPEN, 'http://meta.example/latest/', { resolve }))).toMatchObject({ message: 'URL not allowed: outbound address 169.254.169.254 refused (metadata)' });
  });

  it('re-checks a redirect: one to the metadata address is refused after the first hop', async () => {
    const resolve = dns({ 'imds.example': ['169.254.169.254'] });
    expect(await failure(fetchWith(USER_OPEN, `${base}/to-metadata`, { resolve }))).toMatchObject({ refused: true, message: 'URL not allowed: outbound address 169.254.169.254 refused (metadata)' });
    expect(seen).toEqual(['/to-metadata']);
  });

  it('re-checks a redirect to a name: one that resolves link-local is refused', async () => {
    const resolve = dns({ 'images.example': ['127.0.0.1'], 'intranet.example': ['169.254.10.1'] });
    const e = await failure(fetchWith(USER_OPEN, `http://images.example:${new URL(base).port}/to-private-name`, { resolve }));
    expect(e).toMatchObject({ message: 'URL not allowed: outbound address 169.254.10.1 refused (link-local)' });
    expect(seen).toEqual(['/to-private-name']);
  });

  it('follows relative redirects, refuses a scheme other than http(s), and stops after five', async () => {
    expect(await fetchWith(USER_OPEN, `${base}/relative`)).toMatchObject({ bytes: PNG, url: `${base}/cat.png` });
    expect(await failure(fetchWith(USER_OPEN, `${base}/to-file`))).toMatchObject({ refused: true, message: 'only http and https URLs are fetched, not file:' });
    seen.length = 0;
    expect(await failure(fetchWith(USER_OPEN, `${base}/loop`))).toMatchObject({ refused: false, message: 'stopped after 5 redirects' });
    expect(seen).toHaveLength(6);
    expect(await failure(fetchWith(USER_OPEN, 'ftp://127.0.0.1/x.png'))).toMatchObject({ refused: true });
  });

  it('connects to the address it checks, not to a second DNS answer (no rebinding window)', async () => {
    let answers = 0;
    // public for whoever checks first, loopback afterwards
    const rebinding: Resolve = async () => (answers++ === 0 ? ['93.184.216.34'] : ['127.0.0.1']);
    await expect(resolveAllowed('rebind.example', USER, rebinding)).resolves.toEqual(['93.184.216.34']);
    const e = await failure(fetchWith(USER, `http://rebind.example:${new URL(base).port}/cat.png`, { resolve: rebinding }));
    expect(e).toMatchObject({ message: 'URL not allowed: outbound address 127.0.0.1 refused (loopback)' });
    expect([seen, connections]).toEqual([[], 0]);
  });

  it('caps the size by Content-Length and by what arrives', async () => {
    for (const path of ['/big', '/big-chunked']) {
      expect(await failure(fetchWith(USER_OPEN, `${base}${path}`, { maxBytes: 1000 })), path).toMatchObject({ message: 'file size exceeds maximum allowed size: 1000 bytes' });
    }
    expect(await failure(fetchWith(USER_OPEN, `${base}/big`, { maxBytes: 1024 }))).toMatchObject({ message: 'file size exceeds maximum allowed size: 1024 bytes' });
    expect((await fetchWith(USER_OPEN, `${base}/big`, { maxBytes: 4096 })).bytes).toHaveLength(4096);
  });

  it('caps the time of the whole fetch', async () => {
    const t0 = Date.now();
    expect(await failure(fetchWith(USER_OPEN, `${base}/slow`, { timeoutMs: 200 }))).toMatchObject({ message: 'download timed out after 200 ms' });
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it('answers a status other than 200 and an unknown host in words', async () => {
    expect(await failure(fetchWith(USER_OPEN, `${base}/nothing-here`))).toMatchObject({ message: 'failed to download file, status code: 404' });
    expect(await failure(fetchWith(USER_OPEN, 'http://nowhere.example/x.png'))).toMatchObject({ message: 'host not found' });
  });
});
