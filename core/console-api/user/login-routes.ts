import { verifyPassword } from '../../auth/password.js';
import { USER_ENABLED } from '../../auth/roles.js';
import { loginBodySchema } from '../../contracts/user.js';
import { getLiveUser, userForLogin } from '../../db/repositories/users.js';
import { checkTurnstile } from '../account/turnstile.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { setupLogin } from './setup-login.js';
import { toOwnUserJson } from './user-json.js';

/** POST /api/user/login (spec console-api.md §3.2). The username field also accepts an email. */
async function login(c: ApiContext): Promise<ApiResult> {
  await checkTurnstile(c);
  if (!c.app.options.bool('PasswordLoginEnabled')) return fail('管理员关闭了密码登录');
  // Bounded before the query: a huge value once kept the embedded database busy for half a minute.
  const input = parseBody(c, loginBodySchema);
  if (!input.username || !input.password) return fail('无效的参数');
  const row = await userForLogin(c.app.sql, input.username);
  // One answer for unknown user, wrong password and banned user, and bcrypt runs either way, so the
  // response does not tell which usernames exist.
  const valid = await verifyPassword(input.password, row?.password ?? DUMMY_HASH);
  if (!row || !valid || row.status !== USER_ENABLED) return fail('用户名或密码错误，或用户已被封禁');
  return setupLogin(c, row);
}

const DUMMY_HASH = '$2b$10$CwTycUXWue0Thq9StjUM0uJ8DPLKXtSNSqGVGAQLtJ6fFJ3O9lGda';

async function logout(c: ApiContext): Promise<ApiResult> {
  if (c.session.sid) await c.app.sessions.end(c.session.sid);
  c.clearSession();
  return ok();
}

async function getSelf(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const row = await c.app.ledger.readLeased(async (seen, leased) => {
    const r = await getLiveUser(c.app.sql, me.id, seen);
    return r && leased(r);
  });
  if (!row) return fail('用户不存在');
  return ok(toOwnUserJson(row));
}

export const loginRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/user/login', access: 'public', critical: true, handler: login },
  { method: 'get', path: '/api/user/logout', access: 'public', handler: logout },
  { method: 'get', path: '/api/user/self', access: 'user', handler: getSelf },
];
