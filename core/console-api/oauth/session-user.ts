import { USER_DISABLED } from '../../auth/roles.js';
import type { CachedUser } from '../../cache/user-cache.js';
import type { ApiContext } from '../api-context.js';
import { ApiError } from '../envelope.js';

/** True when the session belongs to a signed-in user (a third-party callback then binds instead of logging in). */
export const hasSessionUser = (c: ApiContext): boolean => Boolean(c.session.username) && typeof c.session.id === 'number';

/**
 * The signed-in user of a bind route. new-api's bind routes have no auth middleware and crash without a
 * session; here they answer like any route that needs a login, and refuse deleted or banned users.
 */
export async function requireSessionUser(c: ApiContext): Promise<CachedUser> {
  if (!hasSessionUser(c)) throw new ApiError('无权进行此操作，未登录且未提供 access token', 401);
  const user = await c.app.users.get(c.session.id!);
  if (!user) throw new ApiError('用户已注销');
  if (user.status === USER_DISABLED) throw new ApiError('用户已被封禁');
  return user;
}
