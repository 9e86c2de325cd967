import { z } from 'zod';
import { newRedemptionKey } from '../../auth/random-key.js';
import {
  REDEMPTION_STATUS,
  redemptionCountError,
  redemptionCreateBodySchema,
  redemptionFieldsError,
  redemptionUpdateBodySchema,
} from '../../contracts/redemption.js';
import {
  getRedemption,
  insertRedemptions,
  listRedemptions,
  setRedemptionStatus,
  softDeleteRedemption,
  updateUnusedRedemption,
  type RedemptionRow,
} from '../../db/repositories/redemptions.js';
import { paramInt, parseBody, queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { redeemCode } from './redeem-code.js';
import { redemptionPage } from './redemption-paging.js';
import { redemptionJson } from './redemption-row.js';

/** The list shape shared by the list and the search: {items,total,page,page_size}, newest first. */
async function page(c: ApiContext, keyword?: string): Promise<ApiResult> {
  const { page: p, pageSize, offset } = redemptionPage(queryInt(c, 'p', 0), queryInt(c, 'page_size', 10));
  const { rows, total } = await listRedemptions(c.app.sql, { offset, limit: pageSize, keyword });
  return ok({ items: rows.map(redemptionJson), total, page: p, page_size: pageSize });
}

/** GET /api/redemption/?p=&page_size= */
const list = (c: ApiContext) => page(c);

const searchQuery = z.object({ keyword: textParam });

/** GET /api/redemption/search?keyword= — name prefix (wildcards literal), or the id when numeric. */
function search(c: ApiContext): Promise<ApiResult> {
  return page(c, readQuery(c, searchQuery).keyword);
}

async function getOne(c: ApiContext): Promise<ApiResult> {
  const row = await getRedemption(c.app.sql, paramInt(c));
  return row ? ok(redemptionJson(row)) : fail('record not found');
}

/** POST /api/redemption/ — `count` codes in one statement (all or none); data = their keys. */
async function create(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, redemptionCreateBodySchema);
  const refused = redemptionFieldsError(input.name, input.quota) ?? redemptionCountError(input.count);
  if (refused) return fail(refused);
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: input.count }, () => ({
    user_id: me.id,
    key: newRedemptionKey(),
    status: REDEMPTION_STATUS.unused,
    name: input.name,
    quota: input.quota,
    created_time: now,
  }));
  await insertRedemptions(c.app.sql, rows);
  return ok(rows.map((r) => r.key));
}

/**
 * PUT /api/redemption/ — ?status_only= enables or disables; otherwise name and quota. A used code is
 * history: it can be neither edited nor re-enabled (new-api allows both, which lets a used code be
 * redeemed again). Both are single conditional updates, so they cannot race a redemption.
 */
async function update(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, redemptionUpdateBodySchema);
  const sql = c.app.sql;
  let row: RedemptionRow | null;
  if (c.query.has('status_only')) {
    if (input.status !== REDEMPTION_STATUS.unused && input.status !== REDEMPTION_STATUS.disabled) return fail('无效的参数');
    row = await setRedemptionStatus(sql, input.id, input.status);
    if (!row) return fail((await getRedemption(sql, input.id)) ? '该兑换码已被使用，无法修改状态' : 'record not found');
  } else {
    const cur = await getRedemption(sql, input.id);
    if (!cur) return fail('record not found');
    const name = input.name ?? cur.name;
    const quota = input.quota ?? cur.quota;
    const refused = redemptionFieldsError(name, quota);
    if (refused) return fail(refused);
    row = await updateUnusedRedemption(sql, input.id, { name, quota });
    if (!row) return fail('只有未使用的兑换码可以编辑');
  }
  return ok(redemptionJson(row));
}

/** DELETE /api/redemption/:id — soft delete, as new-api. */
async function remove(c: ApiContext): Promise<ApiResult> {
  return (await softDeleteRedemption(c.app.sql, paramInt(c))) ? ok() : fail('record not found');
}

export const redemptionRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/redemption/', access: 'admin', handler: list },
  { method: 'get', path: '/api/redemption/search', access: 'admin', handler: search },
  { method: 'get', path: '/api/redemption/:id', access: 'admin', handler: getOne },
  { method: 'post', path: '/api/redemption/', access: 'admin', handler: create },
  { method: 'put', path: '/api/redemption/', access: 'admin', handler: update },
  { method: 'delete', path: '/api/redemption/:id', access: 'admin', handler: remove },
  { method: 'post', path: '/api/user/topup', access: 'user', handler: redeemCode },
];
