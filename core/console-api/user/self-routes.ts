import { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { newAccessToken } from '../../auth/random-key.js';
import { ROLE_ROOT } from '../../auth/roles.js';
import { shortText } from '../../contracts/bounded-text.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { endUserSessions } from './end-user-sessions.js';
import { isUniqueViolation, usernameTaken } from './insert-user.js';
import { editFieldError } from './user-validation.js';

// Only these fields of the User JSON are read; role, quota, group, status... are ignored (spec §5.3).
const selfBody = z.object({
  username: shortText.default(''),
  password: shortText.default(''),
  display_name: shortText.default(''),
  original_password: shortText.default(''),
});

/**
 * PUT /api/user/self: the original password is always checked, even for a display-name change (so accounts
 * without a password cannot use it, as in new-api); then the non-empty username, display_name and password
 * are written. A new password ends every session of the user (the caller continues on a fresh one).
 */
async function updateSelf(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, selfBody);
  const invalid = editFieldError(input);
  if (invalid) return fail(invalid);
  const { sql } = c.app;
  const [row] = await sql<{ password: string }[]>`SELECT password FROM users WHERE id = ${me.id}`;
  if (!row || !(await verifyPassword(input.original_password, row.password))) return fail('原密码错误');
  const patch: Record<string, string> = {};
  if (input.username) patch.username = input.username;
  if (input.display_name) patch.display_name = input.display_name;
  if (input.password) patch.password = await hashPassword(input.password);
  if (Object.keys(patch).length) await sql`UPDATE users SET ${sql(patch)} WHERE id = ${me.id}`.catch(usernameTaken);
  c.app.invalidation.publish('user', me.id);
  if (patch.password) await endUserSessions(c, [me.id]);
  return ok();
}

/** DELETE /api/user/self: soft delete; root cannot deregister itself. Every session ends with the account. */
async function deleteSelf(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  if (me.role === ROLE_ROOT) return fail('不能删除超级管理员账户');
  await c.app.sql`UPDATE users SET deleted_at = now() WHERE id = ${me.id} AND deleted_at IS NULL`;
  c.app.invalidation.publish('user', me.id);
  await c.app.sessions.endAllOf([me.id]);
  if (!me.useAccessToken) c.clearSession();
  return ok();
}

/** GET /api/user/token: a new system access token on every call (the old one stops working). */
async function regenerateAccessToken(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const token = newAccessToken();
  try {
    await c.app.sql`UPDATE users SET access_token = ${token} WHERE id = ${me.id}`;
  } catch (e) {
    if (isUniqueViolation(e, 'idx_users_access_token')) return fail('请重试，系统生成的 UUID 竟然重复了！');
    throw e;
  }
  c.app.invalidation.publish('user', me.id);
  return ok(token);
}

export const selfRoutes: ApiRoute[] = [
  { method: 'put', path: '/api/user/self', access: 'user', handler: updateSelf },
  { method: 'delete', path: '/api/user/self', access: 'user', handler: deleteSelf },
  { method: 'get', path: '/api/user/token', access: 'user', handler: regenerateAccessToken },
];
