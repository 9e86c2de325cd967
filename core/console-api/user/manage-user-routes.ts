import { ROLE_ADMIN, ROLE_COMMON, ROLE_ROOT, USER_DISABLED, USER_ENABLED } from '../../auth/roles.js';
import { userManageBodySchema } from '../../contracts/admin-user.js';
import { getAnyUser, setRoleAndStatus } from '../../db/repositories/users.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { endUserSessions } from './end-user-sessions.js';
import { toUserJson } from './user-json.js';

const ENDS_SESSIONS = new Set(['disable', 'delete', 'promote', 'demote']);

/**
 * POST /api/user/manage {id, action} (spec §4). The target may be soft-deleted. Admins act only on lower
 * roles; root on anyone, within the per-action rules. An unknown action changes nothing and succeeds.
 * The answer is a User whose only meaningful fields are the new role and status. Disable, delete, promote
 * and demote end the user's sessions: a ban or deletion must reach stolen cookies too, and a new role
 * starts afresh.
 */
async function manageUser(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { id, action } = parseBody(c, userManageBodySchema);
  const target = id ? await getAnyUser(c.app.sql, id) : null;
  if (!target) return fail('用户不存在');
  if (me.role <= target.role && me.role !== ROLE_ROOT) return fail('无权更新同权限等级或更高权限等级的用户信息');
  let { role, status } = target;
  let softDelete = false;
  switch (action) {
    case 'disable':
      if (target.role === ROLE_ROOT) return fail('无法禁用超级管理员用户');
      status = USER_DISABLED;
      break;
    case 'enable':
      status = USER_ENABLED;
      break;
    case 'delete':
      if (target.role === ROLE_ROOT) return fail('无法删除超级管理员用户');
      softDelete = true;
      break;
    case 'promote':
      if (me.role !== ROLE_ROOT) return fail('普通管理员用户无法提升其他用户为管理员');
      if (target.role >= ROLE_ADMIN) return fail('该用户已经是管理员');
      role = ROLE_ADMIN;
      break;
    case 'demote':
      if (target.role === ROLE_ROOT) return fail('无法降级超级管理员用户');
      if (target.role === ROLE_COMMON) return fail('该用户已经是普通用户');
      role = ROLE_COMMON;
      break;
  }
  await setRoleAndStatus(c.app.sql, target.id, role, status, softDelete);
  // Dropped from the cache at once (and on other nodes), so a disabled or deleted user is refused on the next request.
  c.app.invalidation.publish('user', target.id);
  if (ENDS_SESSIONS.has(action)) await endUserSessions(c, [target.id]);
  return ok(toUserJson({ role, status }));
}

export const manageUserRoutes: ApiRoute[] = [{ method: 'post', path: '/api/user/manage', access: 'admin', handler: manageUser }];
