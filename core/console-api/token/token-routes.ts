import { z } from 'zod';
import { tokenBatchSchema } from '../../contracts/token.js';
import { getToken, listTokens, searchTokens, softDeleteTokens } from '../../db/repositories/tokens.js';
import { paramInt, parseBody, queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { tokenJson } from './token-json.js';
import { createToken, updateToken } from './token-write.js';

// Every query is scoped to the caller's user_id (db/repositories/tokens.ts): another user's token id
// behaves exactly like a missing one.

/** GET /api/token/ — the caller's own tokens, zero-based p, `size` ≤ 100, plain array with full keys. */
async function list(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const p = Math.max(0, queryInt(c, 'p', 0));
  let size = queryInt(c, 'size', 10);
  if (size <= 0) size = 10;
  size = Math.min(size, 100);
  const rows = await listTokens(c.app.sql, me.id, { offset: p * size, limit: size });
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
  const rows = await searchTokens(c.app.sql, me.id, { name: keyword, key });
  return ok(rows.map(tokenJson));
}

async function getOne(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const row = await getToken(c.app.sql, me.id, paramInt(c));
  return row ? ok(tokenJson(row)) : fail('record not found');
}

/** DELETE /api/token/:id — soft delete; the user's balance is never touched (S12). */
async function remove(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const id = paramInt(c);
  if ((await softDeleteTokens(c.app.sql, me.id, [id])).length === 0) return fail('record not found');
  c.app.invalidation.publish('token', id);
  return ok();
}

/** POST /api/token/batch {ids} — soft-deletes those of the ids that are the caller's; data = how many. */
async function removeBatch(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { ids } = parseBody(c, tokenBatchSchema, '参数错误');
  if (ids.length === 0) return fail('参数错误');
  const deleted = await softDeleteTokens(c.app.sql, me.id, ids);
  for (const id of deleted) c.app.invalidation.publish('token', id);
  return ok(deleted.length);
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
