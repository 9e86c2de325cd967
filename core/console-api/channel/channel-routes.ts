import { z } from 'zod';
import type { ChannelRow } from '../../db/rows.js';
import { paramInt, parseBody, queryInt, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { ApiError, fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { rebuildAbilities } from './abilities.js';
import { channelInput, channelProblem, type ChannelInput } from './channel-input.js';
import { toChannelJson } from './channel-json.js';

const COLUMNS = [
  'type', 'key', 'openai_organization', 'test_model', 'status', 'name', 'weight', 'base_url', 'other', 'models', 'group',
  'model_mapping', 'status_code_mapping', 'priority', 'auto_ban', 'tag', 'setting', 'param_override',
] as const;

function changed(c: ApiContext): Promise<void> {
  c.app.invalidation.publish('channels');
  return c.app.channels.rebuild();
}

function normalise(input: ChannelInput): ChannelInput {
  const out = { ...input };
  if (input.groups && input.group === undefined) out.group = input.groups.join(',');
  if (typeof out.base_url === 'string') out.base_url = out.base_url.trim().replace(/\/+$/, '');
  return out;
}

/** GET /api/channel/ — zero-based p, plain array, priority order (or id with id_sort), keys blanked. */
async function list(c: ApiContext): Promise<ApiResult> {
  const p = Math.max(0, queryInt(c, 'p', 0));
  let size = queryInt(c, 'page_size', 10);
  if (size < 0) size = 10;
  const byId = c.query.get('id_sort') === 'true';
  const order = byId ? c.app.sql`id DESC` : c.app.sql`priority DESC, id DESC`;
  if (c.query.get('tag_mode') === 'true') {
    const tags = await c.app.sql<{ tag: string }[]>`
      SELECT tag FROM channels WHERE tag IS NOT NULL AND tag <> '' GROUP BY tag ORDER BY tag LIMIT ${size} OFFSET ${p * size}`;
    const rows = tags.length
      ? await c.app.sql<ChannelRow[]>`SELECT * FROM channels WHERE tag IN ${c.app.sql(tags.map((t) => t.tag))} ORDER BY ${order}`
      : [];
    return ok(rows.map(toChannelJson));
  }
  const rows = await c.app.sql<ChannelRow[]>`SELECT * FROM channels ORDER BY ${order} LIMIT ${size} OFFSET ${p * size}`;
  return ok(rows.map(toChannelJson));
}

const searchQuery = z.object({ keyword: textParam, model: textParam, group: textParam });

/** GET /api/channel/search — id, name, base_url match (LIKE wildcards in the keyword are literal). */
async function search(c: ApiContext): Promise<ApiResult> {
  const { keyword, model, group } = readQuery(c, searchQuery);
  const like = `%${escapeLike(keyword)}%`;
  const asId = /^\d+$/.test(keyword) ? Number(keyword) : -1;
  const order = c.query.get('id_sort') === 'true' ? c.app.sql`id DESC` : c.app.sql`priority DESC, id DESC`;
  const rows = await c.app.sql<ChannelRow[]>`
    SELECT * FROM channels
    WHERE (id = ${asId} OR name LIKE ${like} OR key = ${keyword} OR base_url LIKE ${like})
      AND models LIKE ${`%${escapeLike(model)}%`}
      ${group && group !== 'null' ? c.app.sql`AND (',' || "group" || ',') LIKE ${`%,${escapeLike(group)},%`}` : c.app.sql``}
    ORDER BY ${order} LIMIT 1000`;
  return ok(rows.map(toChannelJson));
}

export const escapeLike = (s: string): string => s.replace(/[\\%_]/g, (m) => `\\${m}`);

async function getOne(c: ApiContext): Promise<ApiResult> {
  const [row] = await c.app.sql<ChannelRow[]>`SELECT * FROM channels WHERE id = ${paramInt(c)}`;
  if (!row) return fail('渠道不存在');
  return ok(toChannelJson(row));
}

/** POST /api/channel/ — one channel per non-empty key line (Vertex keeps its JSON key whole). */
async function create(c: ApiContext): Promise<ApiResult> {
  const raw = parseBody(c, channelInput.passthrough());
  const input = normalise(raw);
  const problem = channelProblem(input);
  if (problem) return fail(problem);
  if (!input.name?.trim() || !input.key?.trim()) return fail('请填写渠道名称和渠道密钥！');
  if (!input.models?.trim()) return fail('请至少选择一个模型！');
  const keys = input.type === 41 ? [input.key.trim()] : input.key.split('\n').map((k) => k.trim()).filter(Boolean);
  const now = Math.floor(Date.now() / 1000);
  await c.app.sql.begin(async (tx) => {
    for (const key of keys) {
      const row = {
        type: input.type ?? 1,
        key,
        openai_organization: input.openai_organization ?? null,
        test_model: input.test_model ?? null,
        status: input.status && input.status > 0 ? input.status : 1,
        name: input.name!.trim(),
        weight: input.weight ?? 0,
        created_time: now,
        base_url: input.base_url ?? '',
        other: input.other ?? '',
        models: input.models!,
        group: input.group?.trim() ? input.group : 'default',
        model_mapping: input.model_mapping ?? '',
        status_code_mapping: input.status_code_mapping ?? '',
        priority: input.priority ?? 0,
        auto_ban: input.auto_ban ?? 1,
        tag: input.tag?.trim() ? input.tag : null,
        setting: input.setting ?? '',
        param_override: input.param_override ?? '',
      };
      const [saved] = await tx<ChannelRow[]>`INSERT INTO channels ${tx(row)} RETURNING *`;
      await rebuildAbilities(tx as never, saved!);
    }
  });
  await changed(c);
  return ok();
}

/** PUT /api/channel/ — only fields that were sent change; an empty key keeps the stored one. */
async function update(c: ApiContext): Promise<ApiResult> {
  const input = normalise(parseBody(c, channelInput.passthrough()));
  if (!input.id) return fail('无效的参数');
  const problem = channelProblem(input);
  if (problem) return fail(problem);
  const patch: Record<string, unknown> = {};
  for (const col of COLUMNS) {
    const v = input[col];
    if (v === undefined) continue;
    if (col === 'key' && (typeof v !== 'string' || v.trim() === '')) continue;
    if (col === 'status' && v === 0) continue;
    if ((col === 'name' || col === 'models') && typeof v === 'string' && v.trim() === '') continue;
    if (col === 'group' && typeof v === 'string' && v.trim() === '') continue;
    patch[col] = typeof v === 'string' && col === 'key' ? v.trim() : v;
  }
  const row = await c.app.sql.begin(async (tx) => {
    const [saved] = Object.keys(patch).length
      ? await tx<ChannelRow[]>`UPDATE channels SET ${tx(patch)} WHERE id = ${input.id!} RETURNING *`
      : await tx<ChannelRow[]>`SELECT * FROM channels WHERE id = ${input.id!}`;
    if (!saved) throw new ApiError('渠道不存在');
    await rebuildAbilities(tx as never, saved);
    return saved;
  });
  await changed(c);
  return ok(toChannelJson(row));
}

async function remove(c: ApiContext): Promise<ApiResult> {
  const id = paramInt(c);
  await c.app.sql.begin(async (tx) => {
    await tx`DELETE FROM abilities WHERE channel_id = ${id}`;
    await tx`DELETE FROM channels WHERE id = ${id}`;
  });
  await changed(c);
  return ok();
}

export const channelRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/channel/', access: 'admin', handler: list },
  { method: 'get', path: '/api/channel/search', access: 'admin', handler: search },
  { method: 'get', path: '/api/channel/:id', access: 'admin', handler: getOne },
  { method: 'post', path: '/api/channel/', access: 'admin', handler: create },
  { method: 'put', path: '/api/channel/', access: 'admin', handler: update },
  { method: 'delete', path: '/api/channel/:id', access: 'admin', handler: remove },
];
