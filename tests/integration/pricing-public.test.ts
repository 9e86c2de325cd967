import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, setupRoot } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';

interface PricingRow {
  model_name: string;
  quota_type: number;
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  enable_groups: string[];
}

describe('public pages, pricing, models and groups', () => {
  let gw: TestGateway;
  let root: ConsoleClient;
  let anonymous: ConsoleClient;
  let user: ConsoleClient;

  const setOption = async (key: string, value: string) => expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
  const addChannel = async (spec: Record<string, unknown>) =>
    expect((await root.post('/api/channel/', { type: 1, key: 'sk-test', base_url: 'http://127.0.0.1:9', name: `ch${Math.random()}`, ...spec })).body.success).toBe(true);
  const pricing = async (c: ConsoleClient) => {
    const r = await c.get<PricingRow[]>('/api/pricing');
    expect(r.status).toBe(200);
    return r.body;
  };
  const row = (rows: PricingRow[] | undefined, model: string) => rows?.find((r) => r.model_name === model);

  beforeAll(async () => {
    gw = await startGateway();
    root = await setupRoot(gw);
    anonymous = new ConsoleClient(gw);
    user = await seedUser(gw, { username: 'price_user' });
  });
  afterAll(() => gw?.stop());

  it.each([
    ['Notice', '/api/notice', '# 公告\n<b>maintenance</b>'],
    ['About', '/api/about', 'About us'],
    ['HomePageContent', '/api/home_page_content', 'https://example.com/home'],
  ])('serves %s to anyone at %s', async (key, path, text) => {
    expect((await anonymous.get(path)).body).toEqual({ success: true, message: '', data: '' });
    await setOption(key, text);
    expect((await anonymous.get(path)).body).toEqual({ success: true, message: '', data: text });
  });

  it('answers anonymous pricing with new-api’s odd envelope and the anonymous usable groups', async () => {
    const body = await pricing(anonymous);
    expect(Object.keys(body).sort()).toEqual(['data', 'group_ratio', 'success', 'usable_group']);
    expect(body).toEqual({
      success: true,
      data: [],
      group_ratio: { default: 1, vip: 1 },
      usable_group: { default: '默认分组', vip: 'vip分组', '': '用户分组' },
    });
  });

  it('lists each model of an enabled channel with its billing, ratios and groups', async () => {
    await addChannel({ models: 'gpt-4o,dall-e-3,my-unpriced', group: 'default,vip' });
    await addChannel({ models: 'claude-3-5-haiku-20241022,gpt-4o', group: 'vip' });
    await addChannel({ models: 'only-disabled-model', group: 'default', status: 2 });
    const { data } = await pricing(anonymous);
    expect(data!.map((r) => r.model_name)).toEqual(['claude-3-5-haiku-20241022', 'dall-e-3', 'gpt-4o', 'my-unpriced']);
    expect(row(data, 'gpt-4o')).toEqual({ model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, model_price: 0, owner_by: '', completion_ratio: 4, enable_groups: ['default', 'vip'] });
    expect(row(data, 'claude-3-5-haiku-20241022')).toMatchObject({ quota_type: 0, model_ratio: 0.5, completion_ratio: 5, enable_groups: ['vip'] });
    expect(row(data, 'dall-e-3')).toMatchObject({ quota_type: 1, model_price: 0.04, model_ratio: 0, completion_ratio: 0 });
    expect(row(data, 'my-unpriced')).toMatchObject({ quota_type: 0, model_ratio: 37.5, completion_ratio: 1 });
  });

  it('reflects price option changes at once', async () => {
    const price = JSON.parse((await root.get<Array<{ key: string; value: string }>>('/api/option/')).body.data!.find((o) => o.key === 'ModelPrice')!.value);
    await setOption('ModelPrice', JSON.stringify({ ...price, 'gpt-4o': 0.02 }));
    await setOption('CompletionRatio', '{"my-unpriced":2.5}');
    const { data } = await pricing(anonymous);
    expect(row(data, 'gpt-4o')).toMatchObject({ quota_type: 1, model_price: 0.02, model_ratio: 0 });
    expect(row(data, 'my-unpriced')).toMatchObject({ quota_type: 0, completion_ratio: 2.5 });
  });

  it('shows a signed-in user their own group as usable, with its ratio', async () => {
    await setOption('GroupRatio', '{"default":1,"vip":1.5,"svip":0.8,"internal":0.1}');
    const svip = await seedUser(gw, { username: 'price_svip', group: 'svip' });
    const body = await pricing(svip);
    expect(body.usable_group).toEqual({ default: '默认分组', vip: 'vip分组', svip: '用户分组' });
    expect(body.group_ratio).toEqual({ default: 1, vip: 1.5, svip: 0.8 });
    expect((await pricing(user)).group_ratio).toEqual({ default: 1, vip: 1.5 });
  });

  it('serves the built-in models per channel type to signed-in users only, without a message', async () => {
    const r = await user.get<Record<string, string[]>>('/api/models');
    expect(Object.keys(r.body).sort()).toEqual(['data', 'success']);
    expect(r.body.success).toBe(true);
    expect(r.body.data!['1']).toContain('gpt-4o');
    expect(r.body.data!['14']).toContain('claude-3-5-sonnet-20241022');
    expect(r.body.data!['43']).toEqual(['deepseek-chat', 'deepseek-reasoner']);
    const refused = await anonymous.get('/api/models');
    expect(refused.status).toBe(401);
    expect(refused.body.success).toBe(false);
  });

  it('lists the GroupRatio groups for administrators only', async () => {
    expect((await root.get('/api/group/')).body).toEqual({ success: true, message: '', data: ['default', 'internal', 'svip', 'vip'] });
    expect((await user.get('/api/group/')).body).toEqual({ success: false, message: '无权进行此操作，权限不足' });
  });
});
