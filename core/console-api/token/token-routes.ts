import { z } from 'zod';
import type { TokenRow } from '../../db/rows.js';
import { paramInt, parseBody, queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { escapeLike } from '../channel/channel-routes.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { tokenBatchInput } from './token-input.js';
import { tokenJson } from './token-json.js';
import { createToken, updateToken } from './token-write.js';

// Every query below is scoped to the caller's user_id: another user's token id behaves exactly like a
// missing one (no existence leak, nothing changed; reliability-security S3).

/** GET /api/token/ — the caller's own tokens, zero-based p, `size` ≤ 100, plain array with full keys. */
async function list(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const p = Math.max(0, queryInt(c, 'p', 0));
  let size = queryInt(c, 'size', 10);
  if (size <= 0) size = 10;
  size = Math.min(size, 100);
  const rows = await c.app.sql<TokenRow[]>`
    SELECT * FROM tokens WHERE user_id = ${me.id} AND deleted_at IS NULL ORDER BY id DESC LIMIT ${size} OFFSET ${p * size}`;
  return ok(rows.map(tokenJson));
}

const searchQuery = z.object({ keyword: textParam, token: textParam });

/**
 * GET /api/token/search — name contains keyword, key contains token (s, k, - trimmed from both ends).
 * LIKE wildcards in the input match literally (S14).
 */
async function search(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { keyword, token } = readQuery(c, searchQuery);
  const key = token.replace(/^[sk-]+|[sk-]+$/g, '');
  const rows = await c.app.sql<TokenRow[]>`
    SELECT * FROM tokens WHERE user_id = ${me.id} AND deleted_at IS NULL
      AND name LIKE ${`%${escapeLike(keyword)}%`} AND key LIKE ${`%${escapeLike(key)}%`}
    ORDER BY id DESC LIMIT 1000`;
  return ok(rows.map(tokenJson));
}

async function getOne(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const [row] = await c.app.sql<TokenRow[]>`SELECT * FROM tokens WHERE id = ${paramInt(c)} AND user_id = ${me.id} AND deleted_at IS NULL`;
  return row ? ok(tokenJson(row)) : fail('record not found');
}

/** DELETE /api/token/:id — soft delete; the user's balance is never touched (S12). */
async function remove(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const id = paramInt(c);
  const rows = await c.app.sql`UPDATE tokens SET deleted_at = now() WHERE id = ${id} AND user_id = ${me.id} AND deleted_at IS NULL RETURNING id`;
  if (rows.length === 0) return fail('record not found');
  c.app.invalidation.publish('token', id);
  return ok();
}

/** POST /api/token/batch {ids} — soft-deletes those of the ids that are the caller's; data = how many. */
async function removeBatch(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { ids } = parseBody(c, tokenBatchInput, '参数错误');
  if (ids.length === 0) return fail('参数错误');
  const rows = await c.app.sql<{ id: number }[]>`
    UPDATE tokens SET deleted_at = now() WHERE user_id = ${me.id} AND id = ANY(${ids}::bigint[]) AND deleted_at IS NULL RETURNING id`;
  for (const { id } of rows) c.app.invalidation.publish('token', id);
  return ok(rows.length);
}

export const tokenRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/token/', access: 'user', handler: list },
  { method: 'get', path: '/api/token/search', access: 'user', handler: search },
  { method: 'post', path: '/api/token/batch', access: 'user', handler: removeBatch },
  { method: 'get', path: '/api/token/:id', access: 'user', handler: getOne },
  { method: 'post', path: '/api/token/', access: 'user', handler: createToken },
  { method: 'put', path: '/api/token/', access: 'user', handler: updateToken },
  { method: 'delete', path: '/api/token/:id', access: 'user', handler: remove },
];
