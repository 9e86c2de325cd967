import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, ROOT_USER, setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';
import { testNetwork } from '../support/test-network.js';
import { createChannel, createChannels, impliedAbilities, NO_RIGHT, storedAbilities, withInfo, type ChannelJson } from './channel-api-support.js';

// Model lists fetched from real HTTP upstreams, multi-key channels and the root-only key reveal.

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

/** A provider stand-in: each provider's model-list path, answering only the key and headers it expects. */
function modelListServer(seen: Seen[]): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ path: `${url.pathname}${url.search}`, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/openai/v1/models') {
      if (req.headers.authorization !== 'Bearer sk-good') return json(401, { error: { message: 'bad key' } });
      return json(200, { object: 'list', data: [{ id: 'gpt-4o', object: 'model' }, { id: 'gpt-4o-mini', object: 'model' }] });
    }
    if (url.pathname === '/anthropic/v1/models') {
      if (req.headers['x-api-key'] !== 'sk-ant' || req.headers['anthropic-version'] !== '2023-06-01') return json(401, {});
      return json(200, { data: [{ id: 'claude-sonnet-4', type: 'model' }], has_more: false });
    }
    if (url.pathname === '/gemini/v1beta/models') {
      if (req.headers['x-goog-api-key'] !== 'AIza-good') return json(400, {});
      return url.searchParams.get('pageToken') === 'p2'
        ? json(200, { models: [{ name: 'models/gemini-b' }] })
        : json(200, { models: [{ name: 'models/gemini-a' }], nextPageToken: 'p2' });
    }
    if (url.pathname === '/broken/v1/models') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('not json at all');
    }
    json(404, {});
  });
}

describe('channel API against upstreams, multi-key channels and key reveal', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let admin: ConsoleClient;
  let server: Server;
  let base: string;
  const seen: Seen[] = [];

  const row = async (id: number) => (await gw.sql<ChannelJson[]>`SELECT *, channel_info::text AS channel_info FROM channels WHERE id = ${id}`).map(withInfo)[0]!;
  const agree = async () => expect(await storedAbilities(gw)).toEqual(await impliedAbilities(gw));

  beforeAll(async () => {
    server = modelListServer(seen);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // On the loopback-only test network, where metadata.ferryman.test resolves to the AWS metadata address.
    const network = testNetwork({ 'metadata.ferryman.test': ['169.254.169.254'], 'split.ferryman.test': ['127.0.0.1', '169.254.169.254'] });
    gw = await startGateway(network.env, { nodeArgs: network.nodeArgs });
    root = await setupRoot(gw);
    admin = await seedUser(gw, { username: 'mk_admin', role: 10 });
  });
  afterAll(async () => {
    await gw?.stop();
    await new Promise((r) => server?.close(r));
  });

  describe('fetch_models', () => {
    it.each<[string, number, string, string, string[], Record<string, string>]>([
      ['OpenAI-compatible, first key line', 1, '/openai', 'sk-good\nsk-second', ['gpt-4o', 'gpt-4o-mini'], { authorization: 'Bearer sk-good' }],
      ['Anthropic', 14, '/anthropic', 'sk-ant', ['claude-sonnet-4'], { 'x-api-key': 'sk-ant', 'anthropic-version': '2023-06-01' }],
      ['Gemini, every page, without models/', 24, '/gemini', 'AIza-good', ['gemini-a', 'gemini-b'], { 'x-goog-api-key': 'AIza-good' }],
    ])('by id: %s', async (_name, type, path, key, ids, headers) => {
      const id = await createChannel(gw, admin, { type, key, base_url: `${base}${path}` });
      seen.length = 0;
      expect((await admin.get(`/api/channel/fetch_models/${id}`)).body).toEqual({ success: true, message: '', data: ids });
      expect(seen[0]!.headers).toMatchObject(headers);
    });

    it('by id: the upstream status, an unreadable answer, a missing channel', async () => {
      const badKey = await createChannel(gw, admin, { key: 'sk-bad', base_url: `${base}/openai` });
      expect((await admin.get(`/api/channel/fetch_models/${badKey}`)).body).toEqual({ success: false, message: 'status code: 401' });
      const broken = await createChannel(gw, admin, { key: 'k', base_url: `${base}/broken` });
      const r = await admin.get(`/api/channel/fetch_models/${broken}`);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/^解析响应失败: /);
      expect((await admin.get('/api/channel/fetch_models/999999')).body).toEqual({ success: false, message: '渠道不存在' });
    });

    it('for the form: success without a message, HTTP 500 and 400 failures as new-api', async () => {
      const ok = await admin.post('/api/channel/fetch_models', { base_url: `${base}/openai/`, type: 1, key: ' sk-good\nsk-other' });
      expect([ok.status, ok.body]).toEqual([200, { success: true, data: ['gpt-4o', 'gpt-4o-mini'] }]);
      const gem = await admin.post('/api/channel/fetch_models', { base_url: `${base}/gemini`, type: 24, key: 'AIza-good' });
      expect(gem.body).toEqual({ success: true, data: ['gemini-a', 'gemini-b'] });
      const denied = await admin.post('/api/channel/fetch_models', { base_url: `${base}/openai`, type: 1, key: 'sk-bad' });
      expect([denied.status, denied.body]).toEqual([500, { success: false, message: 'Failed to fetch models' }]);
      const malformed = await admin.call('POST', '/api/channel/fetch_models', '{not json');
      expect([malformed.status, malformed.body]).toEqual([400, { success: false, message: 'Invalid request' }]);
      const wrongType = await admin.post('/api/channel/fetch_models', { base_url: base, type: 'one', key: 'k' });
      expect([wrongType.status, wrongType.body]).toEqual([400, { success: false, message: 'Invalid request' }]);
    });

    it('goes through the outbound policy: metadata addresses are refused before a socket opens', async () => {
      // A policy that let them through would meet the test network's guard, whose message differs.
      const split = `http://split.ferryman.test:${new URL(base).port}/imds`; // answers this listener's address too
      for (const base_url of ['http://169.254.169.254', 'http://metadata.ferryman.test', 'http://[::ffff:169.254.169.254]', split]) {
        const r = await admin.post('/api/channel/fetch_models', { base_url, type: 1, key: 'sk-good' });
        expect([r.status, r.body], base_url).toEqual([500, { success: false, message: expect.stringMatching(/^outbound address (169\.254\.169\.254|::ffff:a9fe:a9fe) refused \(metadata\)$/) }]);
      }
      const id = await createChannel(gw, admin, { name: 'imds', key: 'sk-good', base_url: 'http://metadata.ferryman.test' });
      expect((await admin.get(`/api/channel/fetch_models/${id}`)).body).toEqual({ success: false, message: 'outbound address 169.254.169.254 refused (metadata)' });
      expect(seen.filter((s) => s.path.startsWith('/imds'))).toEqual([]);
    });
  });

  describe('multi-key channels', () => {
    let id: number;
    const manage = (body: Record<string, unknown>) => admin.post<Record<string, unknown>>('/api/channel/multi_key/manage', { channel_id: id, ...body });

    beforeAll(async () => {
      [id] = (await createChannels(gw, admin, {
        mode: 'multi_to_single',
        multi_key_mode: 'random',
        channel: { name: 'multi', type: 1, key: 'sk-key-one-aaaa\nsk-key-two-bbbb\nsk-key-three-cc', models: 'gpt-4o' },
      })) as [number];
    });

    it('lists key previews and counts, never the keys', async () => {
      const r = await manage({ action: 'get_key_status' });
      expect(r.body).toEqual({
        success: true,
        message: '',
        data: {
          keys: [
            { index: 0, status: 1, key_preview: 'sk-key-one...' },
            { index: 1, status: 1, key_preview: 'sk-key-two...' },
            { index: 2, status: 1, key_preview: 'sk-key-thr...' },
          ],
          total: 3, page: 1, page_size: 50, total_pages: 1, enabled_count: 3, manual_disabled_count: 0, auto_disabled_count: 0,
        },
      });
    });

    it('disables a key by hand and shows automatic disables with reason and time to the key list only', async () => {
      expect((await manage({ action: 'disable_key', key_index: 1 })).body).toEqual({ success: true, message: '密钥已禁用' });
      // what the relay records when a key fails on its own (another module's write, simulated here)
      await gw.sql`UPDATE channels SET channel_info = (channel_info::jsonb
        || jsonb_build_object('multi_key_status_list', (channel_info::jsonb -> 'multi_key_status_list') || '{"2": 3}'::jsonb)
        || jsonb_build_object('multi_key_disabled_reason', coalesce(channel_info::jsonb -> 'multi_key_disabled_reason', '{}') || '{"2": "insufficient_quota"}'::jsonb)
        || jsonb_build_object('multi_key_disabled_time', coalesce(channel_info::jsonb -> 'multi_key_disabled_time', '{}') || '{"2": 1700000000}'::jsonb))::json
        WHERE id = ${id}`;
      const keys = ((await manage({ action: 'get_key_status' })).body.data as { keys: unknown[] }).keys;
      expect(keys).toEqual([
        { index: 0, status: 1, key_preview: 'sk-key-one...' },
        { index: 1, status: 2, key_preview: 'sk-key-two...', disabled_time: expect.any(Number) },
        { index: 2, status: 3, key_preview: 'sk-key-thr...', reason: 'insufficient_quota', disabled_time: 1700000000 },
      ]);
      const shown = (await admin.get<ChannelJson>(`/api/channel/${id}`)).body.data!;
      expect(shown.key).toBe('');
      expect(shown.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 3, multi_key_status_list: { '1': 2, '2': 3 } });
      expect(shown.channel_info).not.toHaveProperty('multi_key_disabled_reason');
    });

    it('deletes the automatically disabled keys, moving the others’ state down', async () => {
      expect((await manage({ action: 'delete_disabled_keys' })).body).toEqual({ success: true, message: '已删除 1 个自动禁用的密钥', data: 1 });
      const stored = await row(id);
      expect(stored.key).toBe('sk-key-one-aaaa\nsk-key-two-bbbb');
      expect(stored.channel_info).toMatchObject({ multi_key_size: 2, multi_key_status_list: { '1': 2 } });
      expect((await manage({ action: 'delete_disabled_keys' })).body).toEqual({ success: false, message: '没有需要删除的自动禁用密钥' });
    });

    it('enables all keys, deletes one, never the last', async () => {
      expect((await manage({ action: 'enable_all_keys' })).body).toEqual({ success: true, message: '已启用 1 个密钥' });
      expect((await manage({ action: 'delete_key', key_index: 0 })).body).toEqual({ success: true, message: '密钥已删除' });
      expect((await row(id)).key).toBe('sk-key-two-bbbb');
      expect((await manage({ action: 'delete_key', key_index: 0 })).body).toEqual({ success: false, message: '不能删除最后一个密钥' });
    });

    it('appends keys without repeats or replaces them through an update, and switches the mode', async () => {
      await admin.put('/api/channel/', { id, key: 'sk-key-two-bbbb\nsk-new-1\nsk-new-1', key_mode: 'append', multi_key_mode: 'polling' });
      expect(await row(id)).toMatchObject({ key: 'sk-key-two-bbbb\nsk-new-1', channel_info: { multi_key_size: 2, multi_key_mode: 'polling' } });
      await admin.put('/api/channel/', { id, key: 'sk-r1\nsk-r2\nsk-r3' });
      expect(await row(id)).toMatchObject({ key: 'sk-r1\nsk-r2\nsk-r3', channel_info: { multi_key_size: 3 } });
      await agree();
    });

    it.each<[string, () => Record<string, unknown>, string]>([
      ['an unknown action', () => ({ action: 'rotate' }), '不支持的操作'],
      ['an index out of range', () => ({ action: 'enable_key', key_index: 9 }), '密钥索引超出范围'],
      ['no index', () => ({ action: 'disable_key' }), '未指定要禁用的密钥索引'],
      ['a missing channel', () => ({ action: 'get_key_status', channel_id: 999999 }), '渠道不存在'],
    ])('refuses %s and changes nothing', async (_name, body, message) => {
      const before = await row(id);
      expect((await manage(body())).body).toEqual({ success: false, message });
      expect(await row(id)).toEqual(before);
    });

    it('refuses a channel that is not multi-key', async () => {
      const single = await createChannel(gw, admin, { name: 'single' });
      for (const action of ['get_key_status', 'enable_all_keys']) {
        expect((await admin.post('/api/channel/multi_key/manage', { channel_id: single, action })).body).toEqual({ success: false, message: '该渠道不是多密钥模式' });
      }
    });
  });

  describe('key reveal', () => {
    let id: number;
    beforeAll(async () => {
      id = await createChannel(gw, admin, { name: 'secret', key: 'sk-reveal-me-0123456789' });
    });

    it('is root’s, with the password asked again, logged and never cached', async () => {
      expect((await admin.post(`/api/channel/${id}/key`, { password: 'seededpass123' })).body).toEqual(NO_RIGHT);
      expect((await root.post(`/api/channel/${id}/key`, {})).body).toEqual({ success: false, message: '请输入密码以完成安全验证' });
      expect((await root.post(`/api/channel/${id}/key`, { password: 'wrong-password' })).body).toEqual({ success: false, message: '密码错误，安全验证失败' });
      const r = await root.post(`/api/channel/${id}/key`, { password: ROOT_USER.password });
      expect(r.body).toEqual({ success: true, message: '获取成功', data: { key: 'sk-reveal-me-0123456789' } });
      expect(r.headers.get('cache-control')).toBe('no-store');
      const logs = await eventually(
        () => gw.sql<{ type: number; content: string }[]>`SELECT type, content FROM logs WHERE content LIKE '查看渠道密钥信息%'`,
        (rows) => rows.length > 0,
        15_000,
      );
      expect(logs).toEqual([{ type: 4, content: `查看渠道密钥信息 (渠道ID: ${id})` }]);
      expect((await root.post('/api/channel/999999/key', { password: ROOT_USER.password })).body).toEqual({ success: false, message: '渠道不存在' });
    });
  });
});
