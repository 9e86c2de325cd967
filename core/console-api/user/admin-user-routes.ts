import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { ROLE_ROOT } from '../../auth/roles.js';
import { adminUserCreateBodySchema, adminUserEditBodySchema } from '../../contracts/admin-user.js';
import { editUser as writeUserEdit, getLiveUser, hardDeleteUser as deleteUserRow, listUsers as readUsers } from '../../db/repositories/users.js';
import { LOG_MANAGE, type UserRow } from '../../db/rows.js';
import { paramInt, parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { oneBasedPaging } from '../one-based-paging.js';
import { readQuery, textParam } from '../log/query-params.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { endUserSessions } from './end-user-sessions.js';
import { insertUser, usernameTaken } from './insert-user.js';
import { quotaText, recordUserLog } from './record-user-log.js';
import { toUserJson } from './user-json.js';
import { editFieldError, userFieldError } from './user-validation.js';

const searchQuery = z.object({ keyword: textParam, group: textParam });

/** GET /api/user/ and /api/user/search: soft-deleted users included (they carry DeletedAt), newest first. */
async function listUsers(c: ApiContext, search: boolean): Promise<ApiResult> {
  const { page, size } = oneBasedPaging(c);
  const filter = search ? readQuery(c, searchQuery) : {};
  const { rows, total } = await c.app.ledger.readLeased(async (seen, leased) => {
    const read = await readUsers(c.app.sql, { offset: (page - 1) * size, limit: size, ...filter }, seen);
    return { rows: read.rows.map(leased), total: read.total };
  });
  return ok({ items: rows.map(toUserJson), total, page, page_size: size });
}

async function liveUser(c: ApiContext, id: number): Promise<UserRow | null> {
  return c.app.ledger.readLeased(async (seen, leased) => {
    const row = await getLiveUser(c.app.sql, id, seen);
    return row && leased(row);
  });
}

/** GET /api/user/:id: admins see only lower roles; root sees everyone. */
async function getUser(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const row = await liveUser(c, paramInt(c));
  if (!row) return fail('record not found');
  if (me.role <= row.role && me.role !== ROLE_ROOT) return fail('无权获取同级或更高等级用户的信息');
  return ok(toUserJson(row));
}

/** POST /api/user/: always a common, enabled user, whatever role was sent (spec §5.2). */
async function createUser(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, adminUserCreateBodySchema);
  const username = input.username.trim();
  if (!username || !input.password) return fail('无效的参数');
  const invalid = userFieldError({ ...input, username });
  if (invalid) return fail(invalid);
  if (input.role >= me.role) return fail('无法创建权限大于等于自己的用户');
  await insertUser(c.app, { username, password: input.password, display_name: input.display_name || username });
  return ok();
}

/**
 * PUT /api/user/: writes only username, display_name, group, quota and (when sent) password; role, status,
 * email and bindings never change here. Fields left out of the body stay as they are (new-api zeroes
 * them). A quota change is applied as a delta, so charges landing meanwhile are not overwritten, and is
 * logged as type 3. A new password ends the user's sessions.
 */
async function editUser(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, adminUserEditBodySchema);
  if (!input.id) return fail('无效的参数');
  const invalid = editFieldError(input);
  if (invalid) return fail(invalid);
  const origin = await liveUser(c, input.id);
  if (!origin) return fail('record not found');
  if (me.role !== ROLE_ROOT) {
    if (me.role <= origin.role) return fail('无权更新同权限等级或更高权限等级的用户信息');
    if (me.role <= input.role) return fail('无权将其他用户权限等级提升到大于等于自己的权限等级');
  }
  const password = input.password ? await hashPassword(input.password) : null;
  const delta = input.quota === undefined ? 0 : input.quota - origin.quota;
  // NULL keeps the column: empty username and group, and absent fields, are left as they are.
  await writeUserEdit(c.app.sql, origin.id, {
    username: input.username || null,
    display_name: input.display_name ?? null,
    group: input.group || null,
    password,
    quotaDelta: delta,
  }).catch(usernameTaken);
  c.app.invalidation.publish('user', origin.id);
  if (password) await endUserSessions(c, [origin.id]);
  if (input.quota !== undefined && delta !== 0) {
    const user = { id: origin.id, username: input.username || origin.username };
    recordUserLog(c.app, user, LOG_MANAGE, `管理员将用户额度从 ${quotaText(c.app, origin.quota)}修改为 ${quotaText(c.app, input.quota)}`);
  }
  return ok();
}

/** DELETE /api/user/:id: hard delete of a lower role (no root exception: root cannot remove another root). */
async function hardDeleteUser(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const target = await liveUser(c, paramInt(c));
  if (!target) return fail('record not found');
  if (me.role <= target.role) return fail('无权删除同权限等级或更高权限等级的用户');
  await deleteUserRow(c.app.sql, target.id);
  c.app.invalidation.publish('user', target.id);
  return ok();
}

export const adminUserRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/user/', access: 'admin', handler: (c) => listUsers(c, false) },
  { method: 'get', path: '/api/user/search', access: 'admin', handler: (c) => listUsers(c, true) },
  { method: 'post', path: '/api/user/', access: 'admin', handler: createUser },
  { method: 'put', path: '/api/user/', access: 'admin', handler: editUser },
  // :id routes last, after every static /api/user/<name> route of the table.
  { method: 'get', path: '/api/user/:id', access: 'admin', handler: getUser },
  { method: 'delete', path: '/api/user/:id', access: 'admin', handler: hardDeleteUser },
];
