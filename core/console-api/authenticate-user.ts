import type { AppServices } from '../app-services.js';
import { isValidRole, MIN_ROLE, USER_DISABLED } from '../auth/roles.js';
import type { SessionData } from '../auth/session-cookie.js';
import type { AuthUser } from './api-context.js';
import { ApiError } from './envelope.js';

/**
 * new-api's UserAuth/AdminAuth/RootAuth (spec console-api.md §3.3): session or system access token, the
 * mandatory New-Api-User header, then status and role. Unlike new-api, role and status come from the
 * user cache rather than the values frozen in the cookie, so a ban or demotion applies at once, and the
 * session is one read by SessionStore.read, whose sign-in is already checked against its live row.
 */
export async function authenticateUser(
  app: AppServices,
  session: SessionData,
  headers: Record<string, string>,
  access: 'user' | 'admin' | 'root',
): Promise<AuthUser> {
  let id: number;
  let useAccessToken = false;
  if (session.username && typeof session.id === 'number') {
    id = session.id;
  } else {
    const auth = headers['authorization'];
    if (!auth) throw new ApiError('无权进行此操作，未登录且未提供 access token', 401);
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : auth;
    const [row] = token
      ? await app.sql<{ id: number }[]>`SELECT id FROM users WHERE access_token = ${token} AND deleted_at IS NULL`
      : [];
    if (!row) throw new ApiError('无权进行此操作，access token 无效');
    id = row.id;
    useAccessToken = true;
  }

  const header = headers['new-api-user'];
  if (header === undefined || header === '') throw new ApiError('无权进行此操作，未提供 New-Api-User', 401);
  if (!/^-?\d+$/.test(header.trim())) throw new ApiError('无权进行此操作，New-Api-User 格式错误', 401);
  if (Number(header) !== id) throw new ApiError('无权进行此操作，New-Api-User 与登录用户不匹配', 401);

  const user = await app.users.get(id);
  if (!user || !user.username || !isValidRole(user.role)) throw new ApiError('无权进行此操作，用户信息无效');
  if (user.status === USER_DISABLED) throw new ApiError('用户已被封禁');
  if (user.role < MIN_ROLE[access]) throw new ApiError('无权进行此操作，权限不足');
  return { id, username: user.username, role: user.role, status: user.status, group: user.group, useAccessToken };
}
