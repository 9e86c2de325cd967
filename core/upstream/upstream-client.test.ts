import '../../tests/support/loopback-only-network.js';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { adminUrlPolicy, type Resolve } from './outbound-policy.js';
import { readCapped } from './read-capped.js';
import { UpstreamClient, type UpstreamRequest } from './upstream-client.js';

const call = (url: string): UpstreamRequest => ({ url, method: 'POST', headers: {}, body: '{}', firstByteTimeoutMs: 5_000, idleTimeoutMs: 5_000 });

describe('UpstreamClient under the outbound policy', () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume().on('end', () => res.end('ok'));
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses a channel host that resolves to a metadata address before any socket opens', async () => {
    const lookups: string[] = [];
    const resolve: Resolve = async (name) => (lookups.push(name), ['169.254.169.254']);
    const client = new UpstreamClient({ policy: adminUrlPolicy(loadEnv({})), resolve });
    await expect(client.send(call('http://metadata.example/v1/chat/completions')).response).rejects.toThrow('outbound address 169.254.169.254 refused (metadata)');
    await expect(client.send(call(`http://169.254.169.254:${port}/v1/chat/completions`)).response).rejects.toThrow('outbound address 169.254.169.254 refused (metadata)');
    expect(lookups).toEqual(['metadata.example']);
    await client.close();
  });

  it('refuses a loopback channel host when ADMIN_URL_ALLOW_PRIVATE=false', async () => {
    const client = UpstreamClient.forChannels(loadEnv({ ADMIN_URL_ALLOW_PRIVATE: 'false' }));
    await expect(client.send(call(`http://127.0.0.1:${port}/v1/chat/completions`)).response).rejects.toThrow('outbound address 127.0.0.1 refused (loopback)');
    expect([connections, requests]).toEqual([0, 0]);
    await client.close();
  });

  it('checks once per connection, not per call: keep-alive calls reuse the checked socket', async () => {
    const lookups: string[] = [];
    const resolve: Resolve = async (name) => (lookups.push(name), ['127.0.0.1']);
    const client = new UpstreamClient({ policy: adminUrlPolicy(loadEnv({})), resolve });
    for (let i = 0; i < 3; i++) {
      const res = await client.send(call(`http://ollama.local:${port}/v1/chat/completions`)).response;
      expect((await readCapped(res.body, 1024)).toString()).toBe('ok');
      // undici hands the socket back to the pool just after the body ends
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([lookups, connections, requests]).toEqual([['ollama.local'], 1, 3]);
    await client.close();
  });
});
