import { hashPassword, verifyPassword } from '../../auth/password.js';
import { newAccessToken } from '../../auth/random-key.js';
import { ROLE_ROOT } from '../../auth/roles.js';
import { selfUpdateBodySchema } from '../../contracts/user.js';
import { passwordHashOf } from '../../db/repositories/user-password.js';
import { softDeleteUser, updateUser, type UserPatch } from '../../db/repositories/users.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { endUserSessions } from './end-user-sessions.js';
import { isUniqueViolation, usernameTaken } from './insert-user.js';
import { editFieldError } from './user-validation.js';

/**
 * PUT /api/user/self: the original password is always checked, even for a display-name change (so accounts
 * without a password cannot use it, as in new-api); then the non-empty username, display_name and password
 * are written. A new password ends every session of the user (the caller continues on a fresh one).
 */
async function updateSelf(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const input = parseBody(c, selfUpdateBodySchema);
  const invalid = editFieldError(input);
  if (invalid) return fail(invalid);
  const hash = await passwordHashOf(c.app.sql, me.id);
  if (hash === null || !(await verifyPassword(input.original_password, hash))) return fail('原密码错误');
  const patch: UserPatch = {
    username: input.username || undefined,
    display_name: input.display_name || undefined,
    password: input.password ? await hashPassword(input.password) : undefined,
  };
  await updateUser(c.app.sql, me.id, patch).catch(usernameTaken);
  c.app.invalidation.publish('user', me.id);
  if (patch.password) await endUserSessions(c, [me.id]);
  return ok();
}

/** DELETE /api/user/self: soft delete; root cannot deregister itself. Every session ends with the account. */
async function deleteSelf(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  if (me.role === ROLE_ROOT) return fail('不能删除超级管理员账户');
  await softDeleteUser(c.app.sql, me.id);
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
    await updateUser(c.app.sql, me.id, { access_token: token });
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
