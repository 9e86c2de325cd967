import { newTokenKey } from '../../auth/random-key.js';
import type { TokenRow } from '../../db/rows.js';
import { paramInt, parseBody, queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { escapeLike } from '../channel/channel-routes.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { nameTooLong, tokenInput } from './token-input.js';

const json = (row: TokenRow) => ({ ...row, key: row.key.trim(), DeletedAt: row.deleted_at, deleted_at: undefined });

/** GET /api/token/ — the caller's own tokens, zero-based p, `size` ≤ 100, plain array with full keys. */
async function list(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const p = Math.max(0, queryInt(c, 'p', 0));
  let size = queryInt(c, 'size', 10);
  if (size <= 0) size = 10;
  size = Math.min(size, 100);
  const rows = await c.app.sql<TokenRow[]>`
    SELECT * FROM tokens WHERE user_id = ${me.id} AND deleted_at IS NULL ORDER BY id DESC LIMIT ${size} OFFSET ${p * size}`;
  return ok(rows.map(json));
}

/** GET /api/token/search — name contains keyword, key contains token (s, k, - trimmed from both ends). */
async function search(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const keyword = c.query.get('keyword') ?? '';
  const token = (c.query.get('token') ?? '').replace(/^[sk-]+|[sk-]+$/g, '');
  const rows = await c.app.sql<TokenRow[]>`
    SELECT * FROM tokens WHERE user_id = ${me.id} AND deleted_at IS NULL
      AND name LIKE ${`%${escapeLike(keyword)}%`} AND key LIKE ${`%${escapeLike(token)}%`}
    ORDER BY id DESC LIMIT 1000`;
  return ok(rows.map(json));
}

async function getOne(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const [row] = await c.app.sql<TokenRow[]>`SELECT * FROM tokens WHERE id = ${paramInt(c)} AND user_id = ${me.id} AND deleted_at IS NULL`;
  return row ? ok(json(row)) : fail('record not found');
}

async function create(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, tokenInput);
  if (nameTooLong(input.name)) return fail('令牌名称过长');
  const now = Math.floor(Date.now() / 1000);
  await c.app.sql`INSERT INTO tokens ${c.app.sql({
    user_id: me.id,
    key: newTokenKey(),
    status: 1,
    name: input.name ?? '',
    created_time: now,
    accessed_time: now,
    expired_time: input.expired_time ?? -1,
    remain_quota: input.remain_quota ?? 0,
    unlimited_quota: input.unlimited_quota ?? false,
    model_limits_enabled: input.model_limits_enabled ?? false,
    model_limits: input.model_limits ?? '',
    allow_ips: input.allow_ips ?? '',
    group: input.group ?? '',
  })}`;
  return ok();
}

/** PUT /api/token/ — full edit, or ?status_only= to change the status alone. */
async function update(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, tokenInput);
  if (!input.id) return fail('无效的参数');
  if (nameTooLong(input.name)) return fail('令牌名称过长');
  const [cur] = await c.app.sql<TokenRow[]>`SELECT * FROM tokens WHERE id = ${input.id} AND user_id = ${me.id} AND deleted_at IS NULL`;
  if (!cur) return fail('record not found');
  const now = Math.floor(Date.now() / 1000);
  if (input.status === 1) {
    if (cur.status === 3 && cur.expired_time <= now && cur.expired_time !== -1)
      return fail('令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期');
    if (cur.status === 4 && cur.remain_quota <= 0 && !cur.unlimited_quota)
      return fail('令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度');
  }
  const patch = c.query.has('status_only')
    ? { status: input.status ?? cur.status }
    : {
        name: input.name ?? cur.name,
        expired_time: input.expired_time ?? cur.expired_time,
        remain_quota: input.remain_quota ?? cur.remain_quota,
        unlimited_quota: input.unlimited_quota ?? cur.unlimited_quota,
        model_limits_enabled: input.model_limits_enabled ?? cur.model_limits_enabled,
        model_limits: input.model_limits ?? cur.model_limits,
        allow_ips: input.allow_ips ?? cur.allow_ips ?? '',
        group: input.group ?? cur.group,
      };
  const [row] = await c.app.sql<TokenRow[]>`UPDATE tokens SET ${c.app.sql(patch)} WHERE id = ${cur.id} AND user_id = ${me.id} RETURNING *`;
  c.app.invalidation.publish('token', cur.id);
  return ok(json(row!));
}

async function remove(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const id = paramInt(c);
  const rows = await c.app.sql`UPDATE tokens SET deleted_at = now() WHERE id = ${id} AND user_id = ${me.id} AND deleted_at IS NULL RETURNING id`;
  if (rows.length === 0) return fail('record not found');
  c.app.invalidation.publish('token', id);
  return ok();
}

export const tokenRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/token/', access: 'user', handler: list },
  { method: 'get', path: '/api/token/search', access: 'user', handler: search },
  { method: 'get', path: '/api/token/:id', access: 'user', handler: getOne },
  { method: 'post', path: '/api/token/', access: 'user', handler: create },
  { method: 'put', path: '/api/token/', access: 'user', handler: update },
  { method: 'delete', path: '/api/token/:id', access: 'user', handler: remove },
];
