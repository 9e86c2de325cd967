import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';
import { createChannel, createChannels, impliedAbilities, NO_RIGHT, storedAbilities, withInfo, type ChannelJson } from './channel-api-support.js';

// The channel admin API through the real gateway (new-api's shapes and messages, console-api.md §2.5).

describe('channel admin API', () => {
  let gw: TestGateway;
  let admin: ConsoleClient;
  let common: ConsoleClient;

  const row = async (id: number) => (await gw.sql<ChannelJson[]>`SELECT *, channel_info::text AS channel_info FROM channels WHERE id = ${id}`).map(withInfo)[0];
  const list = async (query: string) => (await admin.get<ChannelJson[]>(`/api/channel/${query}`)).body.data!;
  const agree = async () => expect(await storedAbilities(gw)).toEqual(await impliedAbilities(gw));

  beforeAll(async () => {
    gw = await startGateway();
    await setupRoot(gw);
    admin = await seedUser(gw, { username: 'ch_admin', role: 10 });
    common = await seedUser(gw, { username: 'ch_user', role: 1 });
  });
  afterAll(() => gw?.stop());

  describe('create', () => {
    it('makes one channel per key line from a bare channel body (the older console), with abilities', async () => {
      const r = await admin.post('/api/channel/', { name: 'bare', type: 1, key: 'sk-1\n\n sk-2 \nsk-3', models: 'gpt-4o, gpt-4o-mini', groups: ['default', 'vip'] });
      expect(r.body).toEqual({ success: true, message: '' });
      const rows = await gw.sql<ChannelJson[]>`SELECT * FROM channels WHERE name = 'bare' ORDER BY id`;
      expect(rows.map((c) => [c.key, c.models, c.group, c.status, c.priority, c.weight])).toEqual([
        ['sk-1', 'gpt-4o,gpt-4o-mini', 'default,vip', 1, 0, 0],
        ['sk-2', 'gpt-4o,gpt-4o-mini', 'default,vip', 1, 0, 0],
        ['sk-3', 'gpt-4o,gpt-4o-mini', 'default,vip', 1, 0, 0],
      ]);
      await agree();
    });

    it('takes the mid-2025 console body: single, batch with key prefixes in the names, and multi_to_single', async () => {
      const [single] = await createChannels(gw, admin, { mode: 'single', channel: { name: 's', type: 1, key: 'sk-only', models: 'm1' } });
      expect((await row(single!))!.key).toBe('sk-only');
      const batch = await createChannels(gw, admin, { mode: 'batch', batch_add_set_key_prefix_2_name: true, channel: { name: 'b', type: 1, key: 'sk-aaaaaaaaaa\nsk-bbbbbbbbbb', models: 'm1' } });
      expect(await Promise.all(batch.map(async (id) => (await row(id))!.name))).toEqual(['b sk-aaaaa', 'b sk-bbbbb']);
      const [multi] = await createChannels(gw, admin, { mode: 'multi_to_single', multi_key_mode: 'polling', channel: { name: 'multi', type: 1, key: 'k1\n k2\n\nk3', models: 'm1' } });
      const stored = (await row(multi!))!;
      expect(stored.key).toBe('k1\nk2\nk3');
      expect(stored.channel_info).toEqual({ is_multi_key: true, multi_key_size: 3, multi_key_status_list: {}, multi_key_polling_index: 0, multi_key_mode: 'polling' });
      // stored as a JSON object, as new-api reads it, not as a JSON string holding one
      expect((await gw.sql`SELECT json_typeof(channel_info) AS t FROM channels WHERE id = ${multi!}`)[0]!.t).toBe('object');
      await agree();
    });

    it.each<[string, unknown, string]>([
      ['an unknown mode', { mode: 'many', channel: { name: 'x', key: 'k', models: 'm' } }, '不支持的添加模式'],
      ['no name', { name: ' ', key: 'k', models: 'm' }, '请填写渠道名称和渠道密钥！'],
      ['no key', { mode: 'single', channel: { name: 'x', key: '', models: 'm' } }, '请填写渠道名称和渠道密钥！'],
      ['no models', { name: 'x', key: 'k', models: ' , ' }, '请至少选择一个模型！'],
      ['an unknown multi-key mode', { mode: 'multi_to_single', multi_key_mode: 'sticky', channel: { name: 'x', key: 'k', models: 'm' } }, '不支持的多密钥模式'],
      ['Vertex without a region', { name: 'v', type: 41, key: '{"type":"service_account"}', models: 'm' }, '部署地区不能为空'],
      ['Vertex region JSON without default', { name: 'v', type: 41, key: '{"a":1}', other: '{"x":"y"}', models: 'm' }, '部署地区必须包含default字段'],
    ])('refuses %s', async (_name, body, message) => {
      const [before] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM channels`;
      expect((await admin.post('/api/channel/', body)).body).toEqual({ success: false, message });
      const [after] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM channels`;
      expect(after!.n).toBe(before!.n);
    });

    it('keeps a Vertex service-account key whole and accepts a JSON array of them as a batch', async () => {
      const sa = '{"type":"service_account","project_id":"p"}';
      const [one] = await createChannels(gw, admin, { name: 'vx', type: 41, key: sa, other: 'us-central1', models: 'gemini-2.0-flash' });
      expect(JSON.parse((await row(one!))!.key)).toEqual(JSON.parse(sa));
      const two = await createChannels(gw, admin, { mode: 'batch', channel: { name: 'vx2', type: 41, key: `[${sa},${sa}]`, other: '{"default":"us-central1"}', models: 'm' } });
      expect(two).toHaveLength(2);
    });
  });

  describe('list, search and get', () => {
    let ids: number[];
    beforeAll(async () => {
      await gw.sql`DELETE FROM abilities`;
      await gw.sql`DELETE FROM channels`;
      ids = [
        await createChannel(gw, admin, { name: 'alpha', priority: 5, base_url: 'https://alpha.example.com', models: 'gpt-4o,claude-3', group: 'default,vip', tag: 'red' }),
        await createChannel(gw, admin, { name: 'beta_50%', priority: 1, models: 'gpt-4o-mini', group: 'vip', tag: 'red' }),
        await createChannel(gw, admin, { name: 'gamma', priority: 9, type: 14, models: 'claude-3', group: 'default', tag: 'blue' }),
        await createChannel(gw, admin, { name: 'delta', priority: 3, models: 'gpt-4o', group: 'default', status: 2 }),
      ];
    });

    it('pages zero-based in priority order, blanks keys, and answers a plain array', async () => {
      expect((await list('?p=0&page_size=2')).map((c) => c.name)).toEqual(['gamma', 'alpha']);
      expect((await list('?p=1&page_size=2')).map((c) => c.name)).toEqual(['delta', 'beta_50%']);
      expect(await list('?p=0&page_size=0')).toEqual([]);
      expect((await list('?p=-1&page_size=-5')).map((c) => c.name)).toEqual(['gamma', 'alpha', 'delta', 'beta_50%']);
      expect((await list('?id_sort=true&page_size=10')).map((c) => c.id)).toEqual([...ids].reverse());
      expect((await list('?page_size=10')).every((c) => c.key === '')).toBe(true);
    });

    it('filters by status, type and group, and sorts by a named column', async () => {
      expect((await list('?status=enabled&page_size=10')).map((c) => c.name)).toEqual(['gamma', 'alpha', 'beta_50%']);
      expect((await list('?status=0&page_size=10')).map((c) => c.name)).toEqual(['delta']);
      expect((await list('?type=14&page_size=10')).map((c) => c.name)).toEqual(['gamma']);
      expect((await list('?group=vip&page_size=10')).map((c) => c.name)).toEqual(['alpha', 'beta_50%']);
      expect((await list('?sort_by=name&sort_order=asc&page_size=10')).map((c) => c.name)).toEqual(['alpha', 'beta_50%', 'delta', 'gamma']);
    });

    it('in tag mode pages over distinct tags and returns every channel of them, untagged ones never', async () => {
      expect((await list('?tag_mode=true&p=0&page_size=1')).map((c) => c.name)).toEqual(['gamma']);
      expect((await list('?tag_mode=true&p=1&page_size=1')).map((c) => c.name)).toEqual(['alpha', 'beta_50%']);
      expect(await list('?tag_mode=true&p=2&page_size=1')).toEqual([]);
    });

    it('searches id, name, base URL and key, with the model and group filters and literal wildcards', async () => {
      const search = async (q: string) => (await admin.get<ChannelJson[]>(`/api/channel/search?${q}`)).body.data!.map((c) => c.name);
      expect(await search('keyword=alp')).toEqual(['alpha']);
      expect(await search(`keyword=${ids[2]}`)).toEqual(['gamma']);
      expect(await search('keyword=alpha.example')).toEqual(['alpha']);
      expect(await search('keyword=&model=claude')).toEqual(['gamma', 'alpha']);
      expect(await search('keyword=&group=vip')).toEqual(['alpha', 'beta_50%']);
      expect(await search('keyword=&group=vi')).toEqual([]);
      expect(await search('keyword=50%25')).toEqual(['beta_50%']);
      expect(await search('keyword=%25')).toEqual(['beta_50%']);
      expect(await search('keyword=_')).toEqual(['beta_50%']);
      expect(await search('keyword=a&tag_mode=true&model=gpt-4o-mini')).toEqual(['alpha', 'beta_50%']);
      expect(await search('keyword=&id_sort=true')).toEqual(['delta', 'gamma', 'beta_50%', 'alpha']);
    });

    it('gets one channel with the new columns and without its key', async () => {
      const r = await admin.get<ChannelJson>(`/api/channel/${ids[0]}`);
      expect(r.body.success).toBe(true);
      expect(r.body.data).toMatchObject({ id: ids[0], name: 'alpha', key: '', remark: null, header_override: null, settings: '', channel_info: { is_multi_key: false } });
      expect(await admin.get(`/api/channel/999999`)).toMatchObject({ body: { success: false, message: '渠道不存在' } });
      expect((await admin.get(`/api/channel/${ids[0]}/`)).body.success).toBe(true);
    });
  });

  describe('update', () => {
    it('changes only the fields sent, keeps the key when it is empty, and rebuilds abilities', async () => {
      const id = await createChannel(gw, admin, { name: 'upd', key: 'sk-keep', models: 'a,b', group: 'default', priority: 1, weight: 2 });
      const r = await admin.put<ChannelJson>('/api/channel/', { id, priority: 7, key: '' });
      expect(r.body.success).toBe(true);
      expect(r.body.data).toMatchObject({ id, priority: 7, weight: 2, models: 'a,b', key: '' });
      expect((await row(id))!.key).toBe('sk-keep');
      await admin.put('/api/channel/', { id, models: 'c', groups: ['vip'], status: 2, remark: 'note', header_override: '{"X-A":"1"}', settings: '{"azure_responses_version":"v1"}' });
      expect(await row(id)).toMatchObject({ models: 'c', group: 'vip', status: 2, remark: 'note', header_override: '{"X-A":"1"}', key: 'sk-keep' });
      const abilities = await gw.sql`SELECT "group", model, enabled FROM abilities WHERE channel_id = ${id}`;
      expect(abilities.map((a) => [a.group, a.model, a.enabled])).toEqual([['vip', 'c', false]]);
      await agree();
    });

    it('accepts null for optional fields as Go does, and answers an unknown or missing id', async () => {
      const id = await createChannel(gw, admin, { name: 'nulls', tag: 't1', priority: 4 });
      expect((await admin.put('/api/channel/', { id, tag: null, priority: null, base_url: null, test_model: null })).body.success).toBe(true);
      expect(await row(id)).toMatchObject({ tag: 't1', priority: 4 });
      expect((await admin.put('/api/channel/', { id: 999999, priority: 1 })).body).toEqual({ success: false, message: '渠道不存在' });
      expect((await admin.put('/api/channel/', { priority: 1 })).body).toEqual({ success: false, message: '无效的参数' });
    });
  });

  describe('delete', () => {
    it('deletes one channel, the disabled ones and a batch, abilities included', async () => {
      await gw.sql`DELETE FROM abilities`;
      await gw.sql`DELETE FROM channels`;
      const a = await createChannel(gw, admin, { name: 'd1' });
      await createChannel(gw, admin, { name: 'd2', status: 2 });
      const c = await createChannel(gw, admin, { name: 'd3' });
      const d = await createChannel(gw, admin, { name: 'd4' });
      await gw.sql`UPDATE channels SET status = 3 WHERE id = ${c}`;
      expect((await admin.del(`/api/channel/${a}`)).body).toEqual({ success: true, message: '' });
      expect((await admin.del('/api/channel/disabled')).body).toEqual({ success: true, message: '', data: 2 });
      expect((await gw.sql`SELECT id FROM channels`).map((r) => r.id)).toEqual([d]);
      await agree();
      const e = await createChannel(gw, admin, { name: 'd5' });
      expect((await admin.post('/api/channel/batch', { ids: [d, e, d] })).body).toEqual({ success: true, message: '', data: 2 });
      expect(await gw.sql`SELECT id FROM channels`).toEqual([]);
      expect(await gw.sql`SELECT * FROM abilities`).toEqual([]);
    });

    it.each<[unknown]>([[{}], [{ ids: [] }], [{ ids: null }], [{ ids: 'x' }]])('refuses a batch of %j with 参数错误', async (body) => {
      expect((await admin.post('/api/channel/batch', body)).body).toEqual({ success: false, message: '参数错误' });
    });
  });

  it('fix rebuilds abilities: orphans go, missing rows come back', async () => {
    const x = await createChannel(gw, admin, { name: 'fx', models: 'm1,m2' });
    await gw.sql`DELETE FROM abilities WHERE channel_id = ${x}`;
    await gw.sql`INSERT INTO abilities ("group", model, channel_id, enabled) VALUES ('default', 'ghost', 424242, true)`;
    const [n] = await gw.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM channels`;
    expect((await admin.post('/api/channel/fix', {})).body).toEqual({ success: true, message: '', data: n!.n });
    await agree();
  });

  describe('tags', () => {
    let t: number[];
    beforeAll(async () => {
      t = [
        await createChannel(gw, admin, { name: 't1', models: 'a', priority: 1 }),
        await createChannel(gw, admin, { name: 't2', models: 'a,b,c', priority: 2 }),
        await createChannel(gw, admin, { name: 't3', models: 'a,b', priority: 3 }),
      ];
    });
    const tags = async () => (await gw.sql<{ id: number; tag: string | null }[]>`SELECT id, tag FROM channels WHERE id IN ${gw.sql(t)} ORDER BY id`).map((r) => r.tag);

    it('sets a tag on a batch and clears it with null', async () => {
      expect((await admin.post('/api/channel/batch/tag', { ids: t, tag: 'grp' })).body).toEqual({ success: true, message: '', data: 3 });
      expect(await tags()).toEqual(['grp', 'grp', 'grp']);
      await admin.post('/api/channel/batch/tag', { ids: [t[0]], tag: null });
      expect(await tags()).toEqual([null, 'grp', 'grp']);
      await admin.post('/api/channel/batch/tag', { ids: [t[0]], tag: 'grp' });
      expect((await admin.post('/api/channel/batch/tag', { ids: [], tag: 'x' })).body).toEqual({ success: false, message: '参数错误' });
      await agree();
    });

    it('lists the longest model list of a tag', async () => {
      expect((await admin.get('/api/channel/tag/models?tag=grp')).body).toEqual({ success: true, message: '', data: 'a,b,c' });
      expect((await admin.get('/api/channel/tag/models?tag=none')).body).toEqual({ success: true, message: '', data: '' });
      const r = await admin.get('/api/channel/tag/models');
      expect([r.status, r.body]).toEqual([400, { success: false, message: 'tag不能为空' }]);
    });

    it('edits a tag: blank leaves a field, values overwrite, models and groups rebuild abilities', async () => {
      expect((await admin.put('/api/channel/tag', { tag: 'grp', priority: 8, weight: 4, models: '', groups: '', model_mapping: '', new_tag: 'grp' })).body).toEqual({ success: true, message: '' });
      const rows = await gw.sql<ChannelJson[]>`SELECT * FROM channels WHERE tag = 'grp' ORDER BY id`;
      expect(rows.map((r) => [r.priority, r.weight, r.models])).toEqual([[8, 4, 'a'], [8, 4, 'a,b,c'], [8, 4, 'a,b']]);
      await admin.put('/api/channel/tag', { tag: 'grp', models: 'x,y', groups: 'default,vip', model_mapping: '{"x":"gpt-4o"}', new_tag: 'renamed' });
      const renamed = await gw.sql<ChannelJson[]>`SELECT * FROM channels WHERE tag = 'renamed' ORDER BY id`;
      expect(renamed.map((r) => [r.id, r.models, r.group])).toEqual(t.map((id) => [id, 'x,y', 'default,vip']));
      await agree();
    });

    it('enables and disables every channel of a tag, abilities with them', async () => {
      expect((await admin.post('/api/channel/tag/disabled', { tag: 'renamed' })).body).toEqual({ success: true, message: '' });
      expect((await gw.sql`SELECT DISTINCT status FROM channels WHERE tag = 'renamed'`).map((r) => r.status)).toEqual([2]);
      expect((await gw.sql`SELECT DISTINCT enabled FROM abilities WHERE tag = 'renamed'`).map((r) => r.enabled)).toEqual([false]);
      await admin.post('/api/channel/tag/enabled', { tag: 'renamed' });
      expect((await gw.sql`SELECT DISTINCT status FROM channels WHERE tag = 'renamed'`).map((r) => r.status)).toEqual([1]);
      await agree();
      for (const path of ['/api/channel/tag/enabled', '/api/channel/tag/disabled']) {
        expect((await admin.post(path, {})).body).toEqual({ success: false, message: '参数错误' });
        expect((await admin.post(path, { tag: '' })).body).toEqual({ success: false, message: '参数错误' });
      }
      expect((await admin.put('/api/channel/tag', { priority: 1 })).body).toEqual({ success: false, message: 'tag不能为空' });
    });

    it('dissolves a tag when the new tag is empty', async () => {
      await admin.put('/api/channel/tag', { tag: 'renamed', new_tag: '' });
      expect(await tags()).toEqual([null, null, null]);
      expect((await list('?tag_mode=true&page_size=100')).filter((c) => t.includes(c.id))).toEqual([]);
      await agree();
    });
  });

  describe('copy', () => {
    it('copies with the key and a name suffix, balance, used quota and test results reset', async () => {
      const id = await createChannel(gw, admin, { name: 'orig', key: 'sk-copy-me', models: 'a,b' });
      await gw.sql`UPDATE channels SET balance = 12.5, used_quota = 999, test_time = 100, response_time = 300 WHERE id = ${id}`;
      const r = await admin.post<{ id: number }>(`/api/channel/copy/${id}`);
      expect(r.body).toMatchObject({ success: true, message: '' });
      const copy = (await row(r.body.data!.id))!;
      expect(copy).toMatchObject({ name: 'orig_复制', key: 'sk-copy-me', models: 'a,b', balance: 0, used_quota: 0, test_time: 0, response_time: 0 });
      const kept = await admin.post<{ id: number }>(`/api/channel/copy/${id}?suffix=-2&reset_balance=false`);
      expect(await row(kept.body.data!.id)).toMatchObject({ name: 'orig-2', balance: 12.5, used_quota: 999 });
      expect((await admin.post('/api/channel/copy/999999')).body).toEqual({ success: false, message: '渠道未找到，请刷新页面后重试。' });
      await agree();
    });
  });

  describe('models', () => {
    it('lists the built-in models as OpenAI model objects, without a message', async () => {
      const r = await admin.get<Array<Record<string, unknown>>>('/api/channel/models');
      expect(r.body.success).toBe(true);
      expect(r.body).not.toHaveProperty('message');
      expect(r.body.data!.find((m) => m.id === 'gpt-4o')).toEqual({ id: 'gpt-4o', object: 'model', created: 1626777600, owned_by: 'OpenAI', permission: [], root: 'gpt-4o', parent: null });
      expect(new Set(r.body.data!.map((m) => m.id)).size).toBe(r.body.data!.length);
    });

    it('lists the models of enabled abilities only', async () => {
      await createChannel(gw, admin, { name: 'on', models: 'only-enabled-model' });
      await createChannel(gw, admin, { name: 'off', models: 'only-disabled-model', status: 2 });
      const r = await admin.get<string[]>('/api/channel/models_enabled');
      expect(r.body).not.toHaveProperty('message');
      expect(r.body.data).toContain('only-enabled-model');
      expect(r.body.data).not.toContain('only-disabled-model');
      expect(r.body.data).toEqual([...r.body.data!].sort());
    });
  });

  it('is for administrators; a common user is refused everywhere and changes nothing', async () => {
    const before = await gw.sql`SELECT * FROM channels ORDER BY id`;
    const id = before[0]!.id as number;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/channel/'],
      ['GET', '/api/channel/search?keyword='],
      ['GET', `/api/channel/${id}`],
      ['POST', '/api/channel/', { name: 'x', key: 'k', models: 'm' }],
      ['PUT', '/api/channel/', { id, priority: 99 }],
      ['DELETE', `/api/channel/${id}`],
      ['DELETE', '/api/channel/disabled'],
      ['POST', '/api/channel/batch', { ids: [id] }],
      ['POST', '/api/channel/fix'],
      ['PUT', '/api/channel/tag', { tag: 'x', priority: 1 }],
      ['POST', `/api/channel/copy/${id}`],
      ['GET', '/api/channel/models_enabled'],
      ['POST', '/api/channel/multi_key/manage', { channel_id: id, action: 'enable_all_keys' }],
      ['POST', `/api/channel/${id}/key`, { password: 'x' }],
    ];
    for (const [method, path, body] of calls) expect([path, (await common.call(method, path, method === 'GET' ? undefined : body ?? {})).body]).toEqual([path, NO_RIGHT]);
    expect(await gw.sql`SELECT * FROM channels ORDER BY id`).toEqual(before);
  });

  it('leaves abilities agreeing with channels after everything above', agree);
});
