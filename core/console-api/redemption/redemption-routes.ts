import { z } from 'zod';
import { newRedemptionKey } from '../../auth/random-key.js';
import { paramInt, parseBody, queryInt, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { escapeLike } from '../channel/channel-routes.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { redeemCode } from './redeem-code.js';
import { redemptionCountError, redemptionCreateInput, redemptionFieldsError, redemptionUpdateInput } from './redemption-input.js';
import { redemptionPage } from './redemption-paging.js';
import { REDEMPTION_DISABLED, REDEMPTION_UNUSED, REDEMPTION_USED, redemptionJson, type RedemptionRow } from './redemption-row.js';

/** The list shape shared by the list and the search: {items,total,page,page_size}, newest first. */
async function page(c: ApiContext, filter: ReturnType<ApiContext['app']['sql']>): Promise<ApiResult> {
  const { page: p, pageSize, offset } = redemptionPage(queryInt(c, 'p', 0), queryInt(c, 'page_size', 10));
  const sql = c.app.sql;
  const [rows, [count]] = await Promise.all([
    sql<RedemptionRow[]>`SELECT * FROM redemptions WHERE deleted_at IS NULL ${filter} ORDER BY id DESC LIMIT ${pageSize} OFFSET ${offset}`,
    sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM redemptions WHERE deleted_at IS NULL ${filter}`,
  ]);
  return ok({ items: rows.map(redemptionJson), total: count?.n ?? 0, page: p, page_size: pageSize });
}

/** GET /api/redemption/?p=&page_size= */
const list = (c: ApiContext) => page(c, c.app.sql``);

const searchQuery = z.object({ keyword: textParam });

/** GET /api/redemption/search?keyword= — name prefix (wildcards literal), or the id when numeric. */
function search(c: ApiContext): Promise<ApiResult> {
  const { keyword } = readQuery(c, searchQuery);
  const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : -1;
  return page(c, c.app.sql`AND (name LIKE ${`${escapeLike(keyword)}%`} OR id = ${id})`);
}

async function getOne(c: ApiContext): Promise<ApiResult> {
  const [row] = await c.app.sql<RedemptionRow[]>`SELECT * FROM redemptions WHERE id = ${paramInt(c)} AND deleted_at IS NULL`;
  return row ? ok(redemptionJson(row)) : fail('record not found');
}

/** POST /api/redemption/ — `count` codes in one statement (all or none); data = their keys. */
async function create(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, redemptionCreateInput);
  const refused = redemptionFieldsError(input.name, input.quota) ?? redemptionCountError(input.count);
  if (refused) return fail(refused);
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: input.count }, () => ({
    user_id: me.id,
    key: newRedemptionKey(),
    status: REDEMPTION_UNUSED,
    name: input.name,
    quota: input.quota,
    created_time: now,
  }));
  await c.app.sql`INSERT INTO redemptions ${c.app.sql(rows)}`;
  return ok(rows.map((r) => r.key));
}

/**
 * PUT /api/redemption/ — ?status_only= enables or disables; otherwise name and quota. A used code is
 * history: it can be neither edited nor re-enabled (new-api allows both, which lets a used code be
 * redeemed again). Both are single conditional updates, so they cannot race a redemption.
 */
async function update(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, redemptionUpdateInput);
  const sql = c.app.sql;
  let row: RedemptionRow | undefined;
  if (c.query.has('status_only')) {
    if (input.status !== REDEMPTION_UNUSED && input.status !== REDEMPTION_DISABLED) return fail('无效的参数');
    [row] = await sql<RedemptionRow[]>`
      UPDATE redemptions SET status = ${input.status}
      WHERE id = ${input.id} AND deleted_at IS NULL AND status <> ${REDEMPTION_USED} RETURNING *`;
    if (!row) return fail((await exists(c, input.id)) ? '该兑换码已被使用，无法修改状态' : 'record not found');
  } else {
    const [cur] = await sql<RedemptionRow[]>`SELECT * FROM redemptions WHERE id = ${input.id} AND deleted_at IS NULL`;
    if (!cur) return fail('record not found');
    const name = input.name ?? cur.name;
    const quota = input.quota ?? cur.quota;
    const refused = redemptionFieldsError(name, quota);
    if (refused) return fail(refused);
    [row] = await sql<RedemptionRow[]>`
      UPDATE redemptions SET name = ${name}, quota = ${quota}
      WHERE id = ${input.id} AND deleted_at IS NULL AND status = ${REDEMPTION_UNUSED} RETURNING *`;
    if (!row) return fail('只有未使用的兑换码可以编辑');
  }
  return ok(redemptionJson(row));
}

async function exists(c: ApiContext, id: number): Promise<boolean> {
  const [row] = await c.app.sql`SELECT 1 FROM redemptions WHERE id = ${id} AND deleted_at IS NULL`;
  return row !== undefined;
}

/** DELETE /api/redemption/:id — soft delete, as new-api. */
async function remove(c: ApiContext): Promise<ApiResult> {
  const rows = await c.app.sql`UPDATE redemptions SET deleted_at = now() WHERE id = ${paramInt(c)} AND deleted_at IS NULL RETURNING id`;
  return rows.length ? ok() : fail('record not found');
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
