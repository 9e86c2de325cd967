import { USER_ENABLED } from '../../auth/roles.js';
import type { UserRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import { ApiError, fail, type ApiResult } from '../envelope.js';
import { insertUser } from '../user/insert-user.js';
import { setupLogin } from '../user/setup-login.js';
import { requireSessionUser } from './session-user.js';

export type IdColumn = 'github_id' | 'oidc_id' | 'wechat_id' | 'telegram_id' | 'linux_do_id';

/** An identity proven by a third party, with what a new Ferryman account would be made of. */
export interface ExternalAccount {
  column: IdColumn;
  id: string;
  /** new accounts are named <prefix>_<max id + 1> unless the provider proposes a username */
  usernamePrefix: string;
  username?: string;
  displayName: string;
  email?: string;
}

/**
 * Third-party login as new-api does it (spec console-api.md §3.7): the account bound to the identity, or a
 * new one when registration is open. An identity bound to a deregistered user is refused (用户已注销), and
 * so is a banned user.
 */
export async function loginExternal(c: ApiContext, account: ExternalAccount, inviterId: number): Promise<ApiResult> {
  const { sql, options } = c.app;
  // Every user without this binding has "" in the column: an empty id must never match them.
  if (!account.id) return fail('无效的参数');
  // Soft-deleted users are included, so a deregistered account is not silently replaced by a new one.
  const [bound] = await sql<UserRow[]>`SELECT * FROM users WHERE ${sql(account.column)} = ${account.id} ORDER BY id LIMIT 1`;
  let user: UserRow;
  if (bound) {
    if (bound.deleted_at) return fail('用户已注销');
    user = bound;
  } else {
    if (!options.bool('RegisterEnabled')) return fail('管理员关闭了新用户注册');
    const [max] = await sql<{ id: number }[]>`SELECT COALESCE(MAX(id), 0)::bigint AS id FROM users`;
    user = await insertUser(
      c.app,
      {
        username: account.username || `${account.usernamePrefix}_${(max?.id ?? 0) + 1}`,
        password: '',
        display_name: account.displayName,
        email: account.email ?? '',
        [account.column]: account.id,
      },
      inviterId,
    );
  }
  if (user.status !== USER_ENABLED) return fail('用户已被封禁');
  return setupLogin(c, user);
}

/**
 * Binds the identity to the signed-in user; false when any account (deleted ones included) already holds
 * it. The check and the write are one statement so two concurrent binds cannot both take the identity.
 */
export async function bindExternal(c: ApiContext, column: IdColumn, id: string): Promise<boolean> {
  const user = await requireSessionUser(c);
  if (!id) throw new ApiError('无效的参数');
  const { sql } = c.app;
  const rows = await sql`
    UPDATE users SET ${sql(column)} = ${id}
    WHERE id = ${user.id} AND NOT EXISTS (SELECT 1 FROM users WHERE ${sql(column)} = ${id})
    RETURNING id`;
  if (rows.length === 0) return false;
  c.app.invalidation.publish('user', user.id);
  return true;
}
