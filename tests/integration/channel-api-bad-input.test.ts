import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupRoot, type ConsoleClient } from '../support/console-client.js';
import { startGateway, type TestGateway } from '../support/gateway.js';
import { seedUser } from '../support/seed-rows.js';
import { channelSnapshot, createChannel, impliedAbilities, storedAbilities } from './channel-api-support.js';

// Bad input is refused with the seeds' message and changes nothing; concurrent edits never leave the
// abilities table disagreeing with the channels (issue 10, "Bad input").

const bound = (field: string, max: number) => `无效的参数：${field} 长度不能超过 ${max} 个字符`;
const LONG_TAG = 't'.repeat(10_000);
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('channel API bad input and concurrency', () => {
  let gw: TestGateway;
  let admin: ConsoleClient;
  let plain: number;
  let composite: number;

  beforeAll(async () => {
    gw = await startGateway();
    await setupRoot(gw);
    admin = await seedUser(gw, { username: 'bad_admin', role: 10 });
    plain = await createChannel(gw, admin, { name: 'plain', models: 'a,b', tag: 'keep' });
    composite = await createChannel(gw, admin, { name: 'baidu', type: 15, key: 'ak|sk', models: 'ERNIE-4.0-8K' });
  });
  afterAll(() => gw?.stop());

  const create = (over: Record<string, unknown>) => ({ name: 'n', type: 1, key: 'sk-x', models: 'm', ...over });

  it.each<[string, string, string, () => unknown, number, string]>([
    ['create: a tag of 10 000 characters', 'POST', '/api/channel/', () => create({ tag: LONG_TAG }), 400, bound('tag', 255)],
    ['create (wrapped): a tag of 10 000 characters', 'POST', '/api/channel/', () => ({ mode: 'single', channel: create({ tag: LONG_TAG }) }), 400, bound('channel.tag', 255)],
    ['create: duplicate models', 'POST', '/api/channel/', () => create({ models: 'gpt-4o,gpt-4o-mini, gpt-4o' }), 200, '某些模型已存在！'],
    ['create: a key in the wrong format for its type', 'POST', '/api/channel/', () => create({ type: 15, key: 'ak-only' }), 200, '密钥格式错误，请按照如下格式输入：APIKey|SecretKey'],
    ['create: one bad line among batch keys', 'POST', '/api/channel/', () => create({ type: 33, key: 'ak|sk|us-east-1\nak|sk' }), 200, '密钥格式错误，请按照如下格式输入：Ak|Sk|Region'],
    ['create: model mapping that is not JSON', 'POST', '/api/channel/', () => create({ model_mapping: '{"a":' }), 200, '模型映射必须是合法的 JSON 格式！'],
    ['create: header override that is not JSON', 'POST', '/api/channel/', () => create({ header_override: 'X-A: 1' }), 200, '请求头覆盖必须是合法的 JSON 格式！'],
    ['create: settings that are not JSON', 'POST', '/api/channel/', () => create({ settings: '[' }), 200, '渠道其他设置必须是合法的 JSON 格式！'],
    ['create: priority below range', 'POST', '/api/channel/', () => create({ priority: -1000 }), 200, '优先级必须在 -999 到 1000000 之间'],
    ['create: priority not an integer', 'POST', '/api/channel/', () => create({ priority: 1.5 }), 200, '优先级必须是整数！'],
    ['create: priority as text', 'POST', '/api/channel/', () => create({ priority: '5' }), 200, '无效的参数'],
    ['create: negative weight', 'POST', '/api/channel/', () => create({ weight: -1 }), 200, '权重必须是非负整数！'],
    ['create: weight above range', 'POST', '/api/channel/', () => create({ weight: 2_000_000 }), 200, '权重不能大于 1000000'],
    ['create: a remark over 255 characters', 'POST', '/api/channel/', () => create({ remark: 'r'.repeat(256) }), 400, bound('remark', 255)],
    ['create: a group list over the column', 'POST', '/api/channel/', () => create({ groups: ['g'.repeat(40), 'h'.repeat(40)] }), 200, bound('group', 64)],
    ['create: a body that is not JSON', 'POST', '/api/channel/', () => '{"name":', 200, '无效的参数'],
    ['update: duplicate models', 'PUT', '/api/channel/', () => ({ id: plain, models: 'a,a' }), 200, '某些模型已存在！'],
    ['update: a tag of 10 000 characters', 'PUT', '/api/channel/', () => ({ id: plain, tag: LONG_TAG }), 400, bound('tag', 255)],
    ['update: status code mapping that is not JSON', 'PUT', '/api/channel/', () => ({ id: plain, status_code_mapping: 'nope' }), 200, '状态码映射必须是合法的 JSON 格式！'],
    ['update: param override that is not JSON', 'PUT', '/api/channel/', () => ({ id: plain, param_override: '{' }), 200, '参数覆盖必须是合法的 JSON 格式！'],
    ['update: priority above range', 'PUT', '/api/channel/', () => ({ id: plain, priority: 1_000_001 }), 200, '优先级必须在 -999 到 1000000 之间'],
    ['update: negative weight', 'PUT', '/api/channel/', () => ({ id: plain, weight: -5 }), 200, '权重必须是非负整数！'],
    ['update: a key in the wrong format for the stored type', 'PUT', '/api/channel/', () => ({ id: composite, key: 'only-one' }), 200, '密钥格式错误，请按照如下格式输入：APIKey|SecretKey'],
    ['batch delete: 1 000 ids', 'POST', '/api/channel/batch', () => ({ ids: ids(1000) }), 200, '参数错误：一次最多操作 500 个渠道'],
    ['batch delete: ids that are not numbers', 'POST', '/api/channel/batch', () => ({ ids: ['1'] }), 200, '参数错误'],
    ['batch tag: 1 000 ids', 'POST', '/api/channel/batch/tag', () => ({ ids: ids(1000), tag: 'x' }), 200, '参数错误：一次最多操作 500 个渠道'],
    ['batch tag: a tag of 10 000 characters', 'POST', '/api/channel/batch/tag', () => ({ ids: [plain], tag: LONG_TAG }), 400, bound('tag', 255)],
    ['tag edit: a tag of 10 000 characters', 'PUT', '/api/channel/tag', () => ({ tag: LONG_TAG, priority: 1 }), 400, bound('tag', 255)],
    ['tag edit: a new tag of 10 000 characters', 'PUT', '/api/channel/tag', () => ({ tag: 'keep', new_tag: LONG_TAG }), 400, bound('new_tag', 255)],
    ['tag edit: priority not an integer', 'PUT', '/api/channel/tag', () => ({ tag: 'keep', priority: 2.5 }), 200, '优先级必须是整数！'],
    ['tag edit: negative weight', 'PUT', '/api/channel/tag', () => ({ tag: 'keep', weight: -1 }), 200, '权重必须是非负整数！'],
    ['tag edit: duplicate models', 'PUT', '/api/channel/tag', () => ({ tag: 'keep', models: 'x,y,x' }), 200, '某些模型已存在！'],
    ['tag edit: header override that is not JSON', 'PUT', '/api/channel/tag', () => ({ tag: 'keep', header_override: 'x' }), 200, '请求头覆盖必须是合法的 JSON 格式！'],
    ['tag enable: a tag of 10 000 characters', 'POST', '/api/channel/tag/disabled', () => ({ tag: LONG_TAG }), 400, bound('tag', 255)],
    ['multi-key manage: a channel id as text', 'POST', '/api/channel/multi_key/manage', () => ({ channel_id: '1', action: 'enable_all_keys' }), 200, '无效的参数'],
    ['copy: a suffix over 255 characters', 'POST', `/api/channel/copy/1?suffix=${'s'.repeat(300)}`, () => ({}), 400, bound('suffix', 255)],
  ])('%s is refused and changes nothing', async (_name, method, path, body, status, message) => {
    const before = await channelSnapshot(gw);
    const r = await admin.call(method, path, body());
    expect([r.status, r.body]).toEqual([status, { success: false, message }]);
    expect(await channelSnapshot(gw)).toBe(before);
  });

  it('keeps the abilities table equal to what the channels imply under concurrent edits of one channel', async () => {
    const id = await createChannel(gw, admin, { name: 'contended', models: 'm0', group: 'default' });
    const sent = Array.from({ length: 24 }, (_, i) => ({
      id,
      models: `m${i}a,m${i}b`,
      group: i % 2 ? 'default,vip' : 'vip',
      status: i % 3 === 0 ? 2 : 1,
      priority: i,
      weight: i % 5,
      tag: `t${i % 3}`,
    }));
    const answers = await Promise.all(sent.map((b) => admin.put('/api/channel/', b)));
    expect(answers.map((a) => a.body.success)).toEqual(sent.map(() => true));
    expect(await storedAbilities(gw)).toEqual(await impliedAbilities(gw));
    const [stored] = await gw.sql<{ models: string }[]>`SELECT models FROM channels WHERE id = ${id}`;
    expect(sent.map((b) => b.models)).toContain(stored!.models);
  });

  it('keeps them agreeing when updates, tag edits, batch tags, tag toggles, copies and deletes race', async () => {
    const group = await Promise.all(Array.from({ length: 6 }, (_, i) => createChannel(gw, admin, { name: `race${i}`, models: `r${i}`, tag: 'race' })));
    const ops: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 6; i++) {
      ops.push(() => admin.put('/api/channel/', { id: group[i], models: `r${i},x${i}`, priority: i }));
      ops.push(() => admin.put('/api/channel/tag', { tag: 'race', priority: 10 + i, weight: i }));
      ops.push(() => admin.post('/api/channel/batch/tag', { ids: [...group].reverse(), tag: 'race' }));
      ops.push(() => admin.post(i % 2 ? '/api/channel/tag/enabled' : '/api/channel/tag/disabled', { tag: 'race' }));
      ops.push(() => admin.post(`/api/channel/copy/${group[i]}`));
      ops.push(() => admin.post('/api/channel/fix', {}));
    }
    ops.push(() => admin.post('/api/channel/batch', { ids: [group[4], group[5]] }));
    ops.push(() => admin.del('/api/channel/disabled'));
    const answers = await Promise.all(ops.map((op) => op() as Promise<{ status: number; body: { success?: boolean; message?: string } }>));
    // a channel deleted by a racing delete is "not found" for the later ones; nothing else may fail
    const gone = ['渠道不存在', '渠道未找到，请刷新页面后重试。'];
    expect(answers.filter((a) => a.status !== 200 || (a.body.success !== true && !gone.includes(a.body.message ?? '')))).toEqual([]);
    expect(await storedAbilities(gw)).toEqual(await impliedAbilities(gw));
  });
});
