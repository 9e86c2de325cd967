import { z } from 'zod';
import { CHANNEL_BATCH_MAX, channelBatchSchema, channelUpdateSchema } from '../../contracts/channel.js';
import { multiKeyInfo, singleKeyInfo } from '../../db/repositories/channel-info.js';
import {
  copyChannel,
  deleteChannels,
  deleteDisabledChannels,
  insertChannels,
  rebuildAllAbilities,
  updateChannel,
  type NewChannel,
} from '../../db/repositories/channels.js';
import { paramInt, parseBody, type ApiContext } from '../api-context.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { channelFieldsProblem, regionProblem } from './channel-rules.js';
import { normalise, readCreateRequest } from './channel-input.js';
import { toChannelJson } from './channel-json.js';
import { channelKeysProblem, createKeys } from './channel-keys.js';
import { channelUpdatePatch } from './channel-update-patch.js';
import { channelsChanged } from './channels-changed.js';

const now = () => Math.floor(Date.now() / 1000);

/**
 * POST /api/channel/ — mode batch makes one channel per key line, single one channel with the key as sent,
 * multi_to_single one channel holding every key (channel_info.is_multi_key). No data in the answer.
 */
async function create(c: ApiContext): Promise<ApiResult> {
  const req = readCreateRequest(c);
  const f = req.fields;
  const type = f.type ?? 1;
  if (!f.name?.trim() || !f.key?.trim()) return fail('请填写渠道名称和渠道密钥！');
  if (!f.models?.trim()) return fail('请至少选择一个模型！');
  const problem = channelFieldsProblem(f) ?? regionProblem(type, f.other);
  if (problem) return fail(problem);
  const keys = createKeys(req.mode, type, f.key, f.settings);
  if (keys.length === 0) return fail('请填写渠道名称和渠道密钥！');
  const keyProblem = channelKeysProblem(type, keys, f.settings);
  if (keyProblem) return fail(keyProblem);

  const template: Omit<NewChannel, 'key' | 'name'> = {
    type,
    openai_organization: f.openai_organization ?? null,
    test_model: f.test_model ?? null,
    status: f.status && f.status > 0 ? f.status : 1,
    weight: f.weight ?? 0,
    created_time: now(),
    base_url: f.base_url ?? '',
    other: f.other ?? '',
    models: f.models,
    group: f.group?.trim() ? f.group : 'default',
    model_mapping: f.model_mapping ?? '',
    status_code_mapping: f.status_code_mapping ?? '',
    priority: f.priority ?? 0,
    auto_ban: f.auto_ban ?? 1,
    tag: f.tag?.trim() ? f.tag : null,
    setting: f.setting ?? '',
    param_override: f.param_override ?? '',
    header_override: f.header_override ?? null,
    settings: f.settings ?? '',
    remark: f.remark ?? null,
    channel_info: req.mode === 'multi_to_single' ? multiKeyInfo(keys.length, req.multiKeyMode) : singleKeyInfo(),
  };
  const name = f.name.trim();
  const rows: NewChannel[] =
    req.mode === 'multi_to_single'
      ? [{ ...template, name, key: keys.join('\n') }]
      : keys.map((key) => ({ ...template, key, name: req.keyPrefixInName && keys.length > 1 ? `${name} ${key.slice(0, 8)}` : name }));
  await insertChannels(c.app.sql, rows);
  await channelsChanged(c.app);
  return ok();
}

/** PUT /api/channel/ — only the fields sent change (see channelUpdatePatch); data is the channel without its key. */
async function update(c: ApiContext): Promise<ApiResult> {
  const input = normalise(parseBody(c, channelUpdateSchema));
  if (!input.id) return fail('无效的参数');
  const problem = channelFieldsProblem(input);
  if (problem) return fail(problem);
  const row = await updateChannel(c.app.sql, input.id, (current) => channelUpdatePatch(current, input));
  if (!row) return fail('渠道不存在');
  await channelsChanged(c.app);
  return ok(toChannelJson(row));
}

async function remove(c: ApiContext): Promise<ApiResult> {
  await deleteChannels(c.app.sql, [paramInt(c)]);
  await channelsChanged(c.app);
  return ok();
}

/** DELETE /api/channel/disabled — data: how many channels went (their abilities go with them). */
async function removeDisabled(c: ApiContext): Promise<ApiResult> {
  const count = await deleteDisabledChannels(c.app.sql);
  await channelsChanged(c.app);
  return ok(count);
}

/** The ids of a batch body: 参数错误 when missing or empty (new-api), or past the batch bound. */
export function batchIds(c: ApiContext): { ids: number[]; tag: string | null | undefined } {
  const body = parseBody(c, channelBatchSchema, '参数错误');
  const ids = [...new Set(body.ids ?? [])];
  if (ids.length === 0) throw new ApiError('参数错误');
  if (ids.length > CHANNEL_BATCH_MAX) throw new ApiError(`参数错误：一次最多操作 ${CHANNEL_BATCH_MAX} 个渠道`);
  return { ids, tag: body.tag };
}

/** POST /api/channel/batch {ids} — deletes them and their abilities in one transaction; data = len(ids). */
async function removeBatch(c: ApiContext): Promise<ApiResult> {
  const { ids } = batchIds(c);
  await deleteChannels(c.app.sql, ids);
  await channelsChanged(c.app);
  return ok(ids.length);
}

/** POST /api/channel/fix — rebuilds the abilities table from the channels; data = how many channels. */
async function fix(c: ApiContext): Promise<ApiResult> {
  const count = await rebuildAllAbilities(c.app.sql);
  await channelsChanged(c.app);
  return ok(count);
}

const copyQuery = z.object({ suffix: textParam, reset_balance: textParam });
// strconv.ParseBool's false spellings: reset_balance defaults to true.
const FALSE = new Set(['0', 'f', 'F', 'false', 'FALSE', 'False']);

/**
 * POST /api/channel/copy/:id?suffix=&reset_balance= — a copy with the key, named with the suffix (default
 * _复制), untested, balance and used quota reset unless reset_balance=false; data = {id}.
 */
async function copy(c: ApiContext): Promise<ApiResult> {
  const id = paramInt(c);
  const { suffix, reset_balance } = readQuery(c, copyQuery);
  const keepBalance = FALSE.has(reset_balance);
  const created = now();
  const saved = await copyChannel(c.app.sql, id, (source) => ({
    name: `${source.name}${c.query.has('suffix') ? suffix : '_复制'}`,
    created_time: created,
    test_time: 0,
    response_time: 0,
    ...(keepBalance ? {} : { balance: 0, used_quota: 0 }),
  }));
  if (!saved) return fail('渠道未找到，请刷新页面后重试。');
  await channelsChanged(c.app);
  return ok({ id: saved.id });
}

export const channelWriteHandlers = { create, update, remove, removeDisabled, removeBatch, fix, copy };
