import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERTEX_TOKEN_PATH } from '../../bench/mock-vertex.js';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { startMockUpstreamProcess, type MockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, type ChannelSpec, ledger, priceModels, type RelayFixture } from '../support/relay-fixture.js';
import { testNetwork } from '../support/test-network.js';

// Image URLs in chat requests are fetched by the gateway and inlined as base64 for targets that cannot read a
// URL (Gemini; Claude on Vertex and Bedrock), through the user-url outbound policy. Both gateways run on the
// loopback-only test network (a policy that let a blocked address through would meet the network guard, whose
// message differs); the image server is a loopback listener of this test, so only the gateway whose operator
// set USER_URL_ALLOW_PRIVATE may reach it.
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SONNET = 'claude-3-5-sonnet-20240620';
const MODELS = ['gemini-2.5-flash', 'vertex-sonnet', 'anthropic-sonnet'];

/** A loopback image server that counts its connections and records what was asked of it. */
async function imageServer(): Promise<{ base: string; connections: () => number; paths: string[]; server: Server }> {
  let connections = 0;
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    if (req.url === '/cat.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(PNG);
    }
    // redirects to an address the policy always refuses, 0.0.0.0, which can only ever reach this machine: had
    // the gateway followed one, it would show up here as a request for /cat.png
    const port = (server.address() as { port: number }).port;
    if (req.url === '/to-unspecified') {
      res.writeHead(302, { location: `http://0.0.0.0:${port}/cat.png` });
      return res.end();
    }
    if (req.url === '/to-unspecified-name') {
      res.writeHead(307, { location: `http://nowhere.ferryman.test:${port}/cat.png` });
      return res.end();
    }
    res.writeHead(404);
    res.end();
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, connections: () => connections, paths, server };
}

const serviceAccount = (tokenUri: string, email: string) => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = JSON.stringify({
    type: 'service_account',
    project_id: 'proj-1',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: email,
    token_uri: tokenUri,
  });
  return { key, email, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

interface Side {
  f: RelayFixture;
  token: { key: string; id: number };
}

describe('image URLs inlined for Gemini and the Claude clouds, through the user-url policy', () => {
  let mock: MockUpstreamProcess;
  let img: Awaited<ReturnType<typeof imageServer>>;
  let open: Side;
  let closed: Side;
  const gateways: TestGateway[] = [];

  /** A gateway on the test network, its channels on the shared mock: Gemini, Claude on Vertex, Anthropic itself. */
  async function side(name: string, env: Record<string, string>): Promise<Side> {
    const network = testNetwork({ 'nowhere.ferryman.test': ['0.0.0.0'] });
    const gw = await startGateway({ ...network.env, ...env }, { nodeArgs: network.nodeArgs });
    gateways.push(gw);
    const root: ConsoleClient = await setupRoot(gw);
    const f: RelayFixture = { gw, mock, root, stop: () => gw.stop() };
    // one account per gateway: the shared mock knows each by its email
    const sa = serviceAccount(mock.url + VERTEX_TOKEN_PATH, `${name}@proj-1.iam.gserviceaccount.com`);
    const registered = await fetch(`${mock.url}/__mock/vertex/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_email: sa.email, public_key: sa.publicKey }) });
    expect(registered.status).toBe(200);
    const channels: Array<ChannelSpec & { other?: string }> = [
      { type: 24, key: 'mock-gemini', models: 'gemini-2.5-flash' },
      { type: 41, key: sa.key, models: 'vertex-sonnet', model_mapping: JSON.stringify({ 'vertex-sonnet': SONNET }), other: 'europe-west1' },
      { type: 14, key: 'mock-anthropic', models: 'anthropic-sonnet', model_mapping: JSON.stringify({ 'anthropic-sonnet': SONNET }) },
    ];
    for (const ch of channels) await addChannel(f, ch);
    await priceModels(root, MODELS);
    return { f, token: await addToken(root, { remain_quota: 10_000_000 }) };
  }

  beforeAll(async () => {
    [mock, img] = await Promise.all([startMockUpstreamProcess(), imageServer()]);
    [open, closed] = await Promise.all([side('open', { USER_URL_ALLOW_PRIVATE: 'true' }), side('closed', {})]);
  });
  afterAll(async () => {
    await Promise.all([...gateways.map((g) => g.stop()), mock?.stop()]);
    img?.server.closeAllConnections();
    img?.server.close();
  });

  const openAiChat = (s: Side, model: string, url: string) =>
    fetch(`${s.f.gw.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, max_tokens: 20, messages: [{ role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url } }] }] }),
    });
  const claudeChat = (s: Side, model: string, url: string) =>
    fetch(`${s.f.gw.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': s.token.key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify({ model, max_tokens: 20, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'url', url } }, { type: 'text', text: 'what is this' }] }] }),
    });
  /** What the mock received since `since` requests, on paths starting with `prefix`. */
  const received = async (prefix: string) => (await mock.requests()).filter((r) => r.path.startsWith(prefix));
  const base64 = PNG.toString('base64');
  const inlinedClaudeImage = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64 } };

  /** A successful request leaves one more consume log with a charge; waits for it. */
  const billedOnce = async (s: Side, run: () => Promise<Response>) => {
    const before = await ledger(s.f.gw, s.f.root.userId);
    const r = await run();
    const body = await r.text();
    expect(r.status, body).toBe(200);
    const after = await ledger(s.f.gw, s.f.root.userId, (l) => l.logs === before.logs + 1);
    expect(after.charged).toBeGreaterThan(before.charged);
    return body;
  };

  /** What the user sees (leased quota counted as theirs), what the token has used, and the consume logs. */
  const balances = async (s: Side) => {
    const self = (await s.f.root.get<{ quota: number; used_quota: number; request_count: number }>('/api/user/self')).body.data!;
    const [t] = await s.f.gw.sql<{ used_quota: number }[]>`SELECT used_quota FROM tokens WHERE id = ${s.token.id}`;
    const { charged, logs } = await ledger(s.f.gw, s.f.root.userId);
    return { quota: self.quota, used: self.used_quota, requests: self.request_count, tokenUsed: t!.used_quota, charged, logs };
  };

  /** A refused request: its status and error (without the request id), and the balances exactly as they were. */
  const refusedFree = async (s: Side, run: () => Promise<Response>) => {
    const before = await balances(s);
    const r = await run();
    const body = (await r.json()) as { error: { message: string; type: string } };
    // batched writes land within 0.1 s; a charge or a consume log would show by then
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await balances(s)).toEqual(before);
    return { status: r.status, type: body.error.type, message: body.error.message.replace(/ \(request id: \w+\)$/, '') };
  };

  it('fetches the image once and sends Gemini inline data with its base64 and type', async () => {
    img.paths.length = 0;
    await billedOnce(open, () => openAiChat(open, 'gemini-2.5-flash', `${img.base}/cat.png`));
    expect(img.paths).toEqual(['/cat.png']);
    const sent = (await received('/v1beta/models/gemini-2.5-flash:generateContent')).at(-1)!.body as { contents: Array<{ parts: unknown[] }> };
    expect(sent.contents[0]!.parts).toEqual([{ text: 'what is this' }, { inlineData: { mimeType: 'image/png', data: base64 } }]);
  });

  it('sends Claude on Vertex a base64 source, from an OpenAI client and from a Claude client alike', async () => {
    img.paths.length = 0;
    await billedOnce(open, () => openAiChat(open, 'vertex-sonnet', `${img.base}/cat.png`));
    await billedOnce(open, () => claudeChat(open, 'vertex-sonnet', `${img.base}/cat.png`));
    expect(img.paths).toEqual(['/cat.png', '/cat.png']);
    const sent = (await received('/v1/projects/proj-1/locations/europe-west1/publishers/anthropic/')).slice(-2);
    expect(sent).toHaveLength(2);
    for (const r of sent) {
      const body = r.body as { messages: Array<{ content: unknown[] }> };
      expect(body.messages[0]!.content).toContainEqual(inlinedClaudeImage);
      expect(JSON.stringify(body)).not.toContain(img.base);
    }
  });

  it('leaves the URL to Anthropic itself on a first-party Claude channel', async () => {
    img.paths.length = 0;
    await billedOnce(open, () => openAiChat(open, 'anthropic-sonnet', `${img.base}/cat.png`));
    const body = (await received('/v1/messages')).at(-1)!.body as { messages: Array<{ content: unknown[] }> };
    expect(body.messages[0]!.content).toContainEqual({ type: 'image', source: { type: 'url', url: `${img.base}/cat.png` } });
    expect(img.paths).toEqual([]);
  });

  it('without USER_URL_ALLOW_PRIVATE the same URL is a 400, free, and the image server sees no connection', async () => {
    const connections = img.connections();
    const upstreamBefore = (await mock.requests()).length;
    const url = `${img.base}/cat.png`;
    const why = `get file base64 from url '${url}' failed: URL not allowed: outbound address 127.0.0.1 refused (loopback)`;
    for (const model of ['gemini-2.5-flash', 'vertex-sonnet']) {
      expect(await refusedFree(closed, () => openAiChat(closed, model, url)), model).toEqual({ status: 400, type: 'invalid_request_error', message: why });
    }
    // a Claude client gets its own envelope
    const claude = await refusedFree(closed, () => claudeChat(closed, 'vertex-sonnet', url));
    expect(claude).toEqual({ status: 400, type: 'invalid_request_error', message: why });
    expect(img.connections()).toBe(connections);
    expect((await mock.requests()).length).toBe(upstreamBefore);
    expect(closed.f.gw.output()).not.toContain('TEST_NETWORK_GUARD');
  });

  // The metadata addresses themselves are decided without a socket (core/upstream/fetch-user-url.test.ts); here
  // the gateway's redirect re-check, on targets that cannot leave this machine.
  it('a redirect to an always-refused address is refused at the hop, even where loopback is allowed, and costs nothing', async () => {
    img.paths.length = 0;
    const upstreamBefore = (await mock.requests()).length;
    for (const path of ['/to-unspecified', '/to-unspecified-name']) {
      const url = `${img.base}${path}`;
      const r = await refusedFree(open, () => openAiChat(open, 'gemini-2.5-flash', url));
      expect(r, path).toEqual({ status: 400, type: 'invalid_request_error', message: `get file base64 from url '${url}' failed: URL not allowed: outbound address 0.0.0.0 refused (unspecified)` });
    }
    expect(img.paths).toEqual(['/to-unspecified', '/to-unspecified-name']);
    expect((await mock.requests()).length).toBe(upstreamBefore);
    expect(open.f.gw.output()).not.toContain('TEST_NETWORK_GUARD');
  });
});
