import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleClient } from '../support/console-client.js';
import { startRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { startProviderStandIn } from '../compat/console-harness.js';
import { impliedAbilities, storedAbilities } from './channel-api-support.js';

// The requests new-api's own console (mid-2025 build, unmodified) sent on its channel page and its unset-ratio
// tab, replayed byte for byte as tests/compat/new-api-console.ts captured them (method, path with its query
// and trailing slashes, body with every field the console adds), and the parts of each answer the console
// reads. CI cannot fetch new-api; these replays are what keeps that acceptance.

/** The create drawer's body: every field of its form state, `groups` as an array beside the joined `group`. */
const drawerBody = (name: string, key: string, base_url: string, models: string) => ({
  name,
  type: 1,
  key,
  openai_organization: '',
  max_input_tokens: 0,
  base_url,
  other: '',
  model_mapping: '',
  status_code_mapping: '',
  models,
  auto_ban: 1,
  test_model: '',
  groups: ['default'],
  priority: 0,
  weight: 0,
  tag: '',
  group: 'default',
});

interface ListedChannel {
  id: number;
  key: string;
  name: string;
  status: number;
  models: string;
  group: string;
  tag: string | null;
  priority: number | null;
  weight: number;
  balance: number;
  used_quota: number;
  response_time: number;
  test_time: number;
  created_time: number;
  [field: string]: unknown;
}

describe("new-api's console on the channel page, replayed", () => {
  let f: RelayFixture;
  let root: ConsoleClient;
  // the channels' base URL: OpenAI's billing endpoints (balance 100 − 12.34), the rest forwarded to the mock
  let provider: { url: string; server: Server };

  const idOf = async (name: string) => (await f.gw.sql<{ id: number }[]>`SELECT id FROM channels WHERE name = ${name} ORDER BY id`).map((r) => r.id);
  const list = async (tagMode: boolean) =>
    (await root.get<ListedChannel[]>(`/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=${tagMode}`)).body.data!;
  const agree = async () => expect(await storedAbilities(f.gw)).toEqual(await impliedAbilities(f.gw));

  beforeAll(async () => {
    f = await startRelayFixture();
    provider = await startProviderStandIn(f.mock.url);
    root = f.root;
  });
  afterAll(async () => {
    provider?.server.close();
    await f?.stop();
  });

  it('answers GET /api/user/models with a list before any channel exists (the console calls data.map)', async () => {
    expect((await root.get('/api/user/models')).body).toEqual({ success: true, message: '', data: [] });
  });

  it('creates from the drawer body: one channel, then one per key line when batch is ticked', async () => {
    expect((await root.post('/api/channel/', drawerBody('c-single', 'sk-single-key', provider.url, 'gpt-4o-mini,acme-unpriced-1'))).body).toEqual({ success: true, message: '' });
    expect((await root.post('/api/channel/', drawerBody('c-batch', 'sk-batch-a\nsk-batch-b\nsk-batch-c', provider.url, 'gpt-4o-mini'))).body).toEqual({ success: true, message: '' });
    expect(await idOf('c-batch')).toHaveLength(3);
    await agree();
  });

  it('lists with the query the page sends, with no key, and every column the table renders', async () => {
    const rows = await list(false);
    expect(rows.map((r) => r.name).sort()).toEqual(['c-batch', 'c-batch', 'c-batch', 'c-single']);
    for (const r of rows) {
      expect(r.key).toBe('');
      for (const field of ['id', 'name', 'group', 'type', 'status', 'response_time', 'used_quota', 'balance', 'priority', 'weight', 'models', 'test_time', 'tag'])
        expect(r, field).toHaveProperty(field);
      expect(typeof r.models).toBe('string');
    }
  });

  it('fetches models in the create drawer by base_url, type and key, and by id in the edit drawer', async () => {
    const byKey = await root.post<string[]>('/api/channel/fetch_models', { base_url: provider.url, type: 1, key: 'sk-fetch-key' });
    expect(byKey.body.success).toBe(true);
    expect(byKey.body.data).toEqual(expect.arrayContaining(['gpt-4o-mini']));
    const [id] = await idOf('c-single');
    const byId = await root.get<string[]>(`/api/channel/fetch_models/${id}`);
    expect(byId.body.success).toBe(true);
    expect(byId.body.data).toEqual(expect.arrayContaining(['gpt-4o-mini']));
  });

  it('edits with the whole loaded channel and an empty key: the key stays, the fields change', async () => {
    const [id] = await idOf('c-single');
    const loaded = (await root.get<ListedChannel>(`/api/channel/${id}`)).body.data!;
    expect(loaded.key).toBe('');
    // what the drawer sends back: the loaded row, models joined, groups added, the edited fields
    const body = { ...loaded, name: 'c-single-edited', test_model: 'gpt-4o-mini', groups: ['default'], group: 'default', auto_ban: 1, id };
    expect((await root.put('/api/channel/', body)).body).toMatchObject({ success: true, message: '' });
    const [row] = await f.gw.sql<{ key: string; name: string; test_model: string }[]>`SELECT key, name, test_model FROM channels WHERE id = ${id!}`;
    expect(row).toEqual({ key: 'sk-single-key', name: 'c-single-edited', test_model: 'gpt-4o-mini' });
  });

  it('tests one channel (default and picked model) and answers `time` in seconds', async () => {
    const [id] = await idOf('c-single-edited');
    for (const path of [`/api/channel/test/${id}?model=`, `/api/channel/test/${id}?model=gpt-4o-mini`]) {
      const r = await root.get(path);
      expect(r.body).toMatchObject({ success: true, message: '' });
      expect(typeof r.body.time).toBe('number');
    }
  });

  it('updates one balance at the trailing-slash path and answers `balance`; test-all and balance-all succeed', async () => {
    const [id] = await idOf('c-single-edited');
    const r = await root.get(`/api/channel/update_balance/${id}/`);
    expect(r.body).toMatchObject({ success: true, message: '', balance: 87.66 });
    expect((await root.get('/api/channel/test')).body).toMatchObject({ success: true });
    expect((await root.get('/api/channel/update_balance')).body).toMatchObject({ success: true });
  });

  it.each<[string, Record<string, number>, Record<string, number>]>([
    ['disable', { status: 2 }, { status: 2 }],
    ['enable', { status: 1 }, { status: 1 }],
    ['priority', { priority: 5 }, { priority: 5 }],
    ['weight', { weight: 7 }, { weight: 7 }],
  ])('row %s: PUT {id, field} answers the updated channel in data', async (_action, sent, stored) => {
    const [id] = await idOf('c-single-edited');
    const r = await root.put<ListedChannel>('/api/channel/', { id, ...sent });
    expect(r.body).toMatchObject({ success: true, message: '', data: { id, ...stored } });
    await agree();
  });

  it("copies with the console's body (the row's table key, i.e. its id, as the key; created_time null)", async () => {
    const source = (await list(false)).find((c) => c.name === 'c-single-edited')!;
    const body: Record<string, unknown> = { ...source, key: String(source.id), name: 'c-single-edited_复制', created_time: null, balance: 0, used_quota: 0 };
    delete body.id;
    expect((await root.post('/api/channel/', body)).body).toEqual({ success: true, message: '' });
    expect(await idOf('c-single-edited_复制')).toHaveLength(1);
    await agree();
  });

  it('sets a tag on a batch, then the tag-mode list aggregates by it', async () => {
    const ids = await idOf('c-batch');
    expect((await root.post('/api/channel/batch/tag', { ids, tag: 't-batch' })).body).toEqual({ success: true, message: '', data: 3 });
    const tagged = (await list(true)).filter((c) => c.tag === 't-batch');
    expect(tagged.map((c) => c.id).sort()).toEqual([...ids].sort());
  });

  it.each<[string, Record<string, unknown>, { priority?: number; weight?: number }]>([
    ['priority', { tag: 't-batch', priority: 3 }, { priority: 3 }],
    ['weight', { tag: 't-batch', weight: 4 }, { weight: 4 }],
  ])('tag-level %s: PUT /api/channel/tag', async (_f, body, stored) => {
    expect((await root.put('/api/channel/tag', body)).body).toMatchObject({ success: true });
    const rows = await f.gw.sql<{ priority: number; weight: number }[]>`SELECT priority, weight FROM channels WHERE tag = 't-batch'`;
    for (const r of rows) expect(r).toMatchObject(stored);
    await agree();
  });

  it('disables and enables a tag', async () => {
    expect((await root.post('/api/channel/tag/disabled', { tag: 't-batch' })).body).toMatchObject({ success: true });
    expect((await f.gw.sql`SELECT DISTINCT status FROM channels WHERE tag = 't-batch'`).map((r) => r.status)).toEqual([2]);
    expect((await root.post('/api/channel/tag/enabled', { tag: 't-batch' })).body).toMatchObject({ success: true });
    expect((await f.gw.sql`SELECT DISTINCT status FROM channels WHERE tag = 't-batch'`).map((r) => r.status)).toEqual([1]);
    await agree();
  });

  it("edits a tag with the side sheet's body (new_tag; blank fields left out)", async () => {
    expect((await root.put('/api/channel/tag', { tag: 't-batch', new_tag: 't-renamed' })).body).toMatchObject({ success: true });
    expect(await f.gw.sql`SELECT id FROM channels WHERE tag = 't-renamed'`).toHaveLength(3);
    await agree();
  });

  it('deletes one at the trailing-slash path, then all disabled, then a batch, then fixes abilities', async () => {
    const [copy] = await idOf('c-single-edited_复制');
    expect((await root.del(`/api/channel/${copy}/`)).body).toEqual({ success: true, message: '' });
    const [single] = await idOf('c-single-edited');
    await root.put('/api/channel/', { id: single, status: 2 });
    expect((await root.del('/api/channel/disabled')).body).toEqual({ success: true, message: '', data: 1 });
    const [one] = await idOf('c-batch');
    expect((await root.post('/api/channel/batch', { ids: [one] })).body).toEqual({ success: true, message: '', data: 1 });
    const fix = await root.post('/api/channel/fix');
    expect(fix.body).toMatchObject({ success: true, message: '' });
    expect(typeof fix.body.data).toBe('number');
    await agree();
  });
});

describe("new-api's console on the unset-ratio tab, replayed", () => {
  let f: RelayFixture;
  beforeAll(async () => {
    f = await startRelayFixture();
    expect((await f.root.post('/api/channel/', drawerBody('c-unpriced', 'sk-k', f.mock.url, 'gpt-4o-mini,acme-unpriced-1'))).body.success).toBe(true);
  });
  afterAll(() => f?.stop());

  it('lists enabled models and saves a ratio for an unpriced one as the tab does (three PUTs of whole maps)', async () => {
    expect((await f.root.get('/api/channel/models_enabled')).body).toMatchObject({ success: true, data: expect.arrayContaining(['acme-unpriced-1']) });
    const options = Object.fromEntries(((await f.root.get<{ key: string; value: string }[]>('/api/option/')).body.data ?? []).map((o) => [o.key, o.value]));
    const ratio = { ...(JSON.parse(options.ModelRatio!) as Record<string, number>), 'acme-unpriced-1': 0.5 };
    const completion = { ...(JSON.parse(options.CompletionRatio!) as Record<string, number>), 'acme-unpriced-1': 2 };
    for (const [key, value] of [
      ['ModelRatio', JSON.stringify(ratio, null, 2)],
      ['ModelPrice', options.ModelPrice!],
      ['CompletionRatio', JSON.stringify(completion, null, 2)],
    ] as const) {
      expect((await f.root.put('/api/option/', { key, value })).body).toEqual({ success: true, message: '' });
    }
    const saved = Object.fromEntries(((await f.root.get<{ key: string; value: string }[]>('/api/option/')).body.data ?? []).map((o) => [o.key, o.value]));
    expect(JSON.parse(saved.ModelRatio!)['acme-unpriced-1']).toBe(0.5);
    expect(JSON.parse(saved.CompletionRatio!)['acme-unpriced-1']).toBe(2);
  });
});
