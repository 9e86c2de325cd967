import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, eventually, setupRoot } from '../support/console-client.js';
import { startGateway } from '../support/gateway.js';
import { startMockUpstreamProcess } from '../support/mock-upstream-process.js';
import { addChannel, addToken, ledger, type RelayFixture } from '../support/relay-fixture.js';
import { testNetwork } from '../support/test-network.js';

// Every server-side request of the gateway goes through core/upstream/outbound-policy.ts. The gateway runs on
// the loopback-only test network: its sockets cannot leave 127.0.0.0/8 whatever the policy decides (a policy
// that let a blocked address through would meet the network guard, whose message differs), and
// imds.ferryman.test resolves to the AWS metadata address without DNS. split.ferryman.test answers the mock
// upstream's loopback address as well, so a policy that connected would be seen by the mock.
const HOSTS = { 'imds.ferryman.test': ['169.254.169.254'], 'split.ferryman.test': ['127.0.0.1', '169.254.169.254'] };
const REFUSED = 'outbound address 169.254.169.254 refused (metadata)';

/** A loopback listener that counts the connections it accepts. */
async function listener(): Promise<{ url: string; connections: () => number; server: Server }> {
  let connections = 0;
  const server = createServer((_req, res) => res.end('ok'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, connections: () => connections, server };
}

const chat = (f: RelayFixture, key: string, model: string) =>
  fetch(`${f.gw.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 20 }),
  });

describe('the outbound policy end to end (loopback listeners only)', () => {
  let f: RelayFixture;
  let hook: Awaited<ReturnType<typeof listener>>;
  let token: { key: string; id: number };
  let imdsChannel: number;

  beforeAll(async () => {
    const network = testNetwork(HOSTS);
    const [gw, mock] = await Promise.all([startGateway(network.env, { nodeArgs: network.nodeArgs }), startMockUpstreamProcess()]);
    f = { gw, mock, root: await setupRoot(gw), stop: async () => void (await Promise.all([gw.stop(), mock.stop()])) };
    hook = await listener();
    imdsChannel = await addChannel(f, { name: 'imds', key: 'mock-imds', models: 'm-imds', base_url: 'http://imds.ferryman.test' });
    await addChannel(f, { name: 'split', key: 'mock-split', models: 'm-split', base_url: `http://split.ferryman.test:${new URL(mock.url).port}` });
    await addChannel(f, { name: 'local', key: 'mock-ok', models: 'm-local,gpt-4o-mini' }); // the mock on 127.0.0.1, like a local Ollama
    const ratios = JSON.stringify({ 'gpt-4o-mini': 0.075, 'm-imds': 1, 'm-split': 1, 'm-local': 1 });
    expect((await f.root.put('/api/option/', { key: 'ModelRatio', value: ratios })).body.success).toBe(true);
    token = await addToken(f.root, { remain_quota: 10_000_000 });
  });
  afterAll(async () => {
    await f?.stop();
    hook?.server.closeAllConnections();
    hook?.server.close();
  });

  /** What the user sees (leased quota counted as theirs), what the token has used, and the consume logs. */
  const balances = async () => {
    const self = (await f.root.get<{ quota: number; used_quota: number; request_count: number }>('/api/user/self')).body.data!;
    const [t] = await f.gw.sql<{ used_quota: number }[]>`SELECT used_quota FROM tokens WHERE id = ${token.id}`;
    const { charged, logs } = await ledger(f.gw, f.root.userId);
    return { quota: self.quota, used: self.used_quota, requests: self.request_count, tokenUsed: t!.used_quota, charged, logs };
  };

  it('a relay channel whose host resolves to a metadata address fails before any socket opens and costs nothing', async () => {
    const before = await balances();
    for (const model of ['m-imds', 'm-split']) {
      const r = await chat(f, token.key, model);
      const body = (await r.json()) as { error: { message: string; type: string; code: string } };
      expect([r.status, body.error.type, body.error.code], model).toEqual([502, 'upstream_error', 'do_request_failed']);
    }
    // the cause, for the operator, names the refused address
    expect(await eventually(async () => f.gw.output(), (out) => out.split(REFUSED).length > 2)).toContain(REFUSED);
    expect(f.gw.output()).not.toContain('TEST_NETWORK_GUARD');
    const reached = (await f.mock.requests()).filter((q) => ['Bearer mock-imds', 'Bearer mock-split'].includes(String(q.headers.authorization)));
    expect(reached).toEqual([]);
    // the reservation came back: the user's balance and counters as they were, no consume log
    await new Promise((r) => setTimeout(r, 500));
    expect(await balances()).toEqual(before);
  });

  it('a channel on loopback (a local Ollama) still answers on the same gateway, and is billed', async () => {
    const before = await ledger(f.gw, f.root.userId);
    const r = await chat(f, token.key, 'm-local');
    expect(r.status).toBe(200);
    await r.text();
    const after = await ledger(f.gw, f.root.userId, (l) => l.logs === before.logs + 1);
    expect(after.charged).toBeGreaterThan(before.charged);
  });

  it('channel test and balance query refuse the metadata channel with the reason', async () => {
    expect((await f.root.get(`/api/channel/test/${imdsChannel}`)).body).toMatchObject({ success: false, message: REFUSED });
    expect((await f.root.get(`/api/channel/update_balance/${imdsChannel}`)).body).toMatchObject({ success: false, message: REFUSED });
  });

  it('a user-supplied URL on 127.0.0.1 is never fetched: refused on save, and at send time', async () => {
    expect((await f.root.post('/api/user/', { username: 'uma', password: 'uma-pass-1' })).body.success).toBe(true);
    const c = new ConsoleClient(f.gw);
    await c.login('uma', 'uma-pass-1');
    const saved = await c.put('/api/user/setting', { notify_type: 'webhook', quota_warning_threshold: 100_000, webhook_url: hook.url });
    expect(saved.body).toEqual({ success: false, message: 'Webhook地址不允许指向内网或保留地址：127.0.0.1（本机回环）' });
    // stored before the rule: the low-balance notice is attempted and refused at connect time
    const setting = { notify_type: 'webhook', quota_warning_threshold: 100_000, webhook_url: hook.url };
    await f.gw.sql`UPDATE users SET setting = ${JSON.stringify(setting)} WHERE id = ${c.userId}`;
    expect((await f.root.put('/api/user/', { id: c.userId, quota: 100_003 })).body.success).toBe(true);
    const { key } = await addToken(c, { unlimited_quota: true });
    const r = await chat(f, key, 'gpt-4o-mini');
    expect(r.status).toBe(200);
    await r.text();
    const refused = /low-balance notification failed.*outbound address 127\.0\.0\.1 refused \(loopback\)/;
    expect(await eventually(async () => f.gw.output(), (out) => refused.test(out))).toMatch(refused);
    expect(hook.connections()).toBe(0);
  });
});
