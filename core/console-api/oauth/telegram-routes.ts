import { USER_ENABLED } from '../../auth/roles.js';
import { checkTelegramAuthorization } from '../../auth/telegram-login.js';
import type { UserRow } from '../../db/rows.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, type ApiResult } from '../envelope.js';
import { setupLogin } from '../user/setup-login.js';
import { bindExternal } from './external-account.js';

const NOT_ENABLED = '管理员未开启通过 Telegram 登录以及注册';

/** The Login Widget redirect is genuine (signed with the bot token, recent auth_date) and names an id. */
const genuine = (c: ApiContext): boolean =>
  Boolean(c.query.get('id')) && checkTelegramAuthorization(c.query, c.app.options.get('TelegramBotToken'));

/**
 * GET /api/oauth/telegram/login: login only, never registration (an unbound id gives 该 Telegram 账户未绑定).
 * new-api does not check the status here; a banned user is refused, as on every other login.
 */
async function telegramLogin(c: ApiContext): Promise<ApiResult> {
  if (!c.app.options.bool('TelegramOAuthEnabled')) return fail(NOT_ENABLED);
  if (!genuine(c)) return fail('无效的请求');
  const [user] = await c.app.sql<UserRow[]>`
    SELECT * FROM users WHERE telegram_id = ${c.query.get('id') ?? ''} AND deleted_at IS NULL ORDER BY id LIMIT 1`;
  if (!user) return fail('该 Telegram 账户未绑定');
  if (user.status !== USER_ENABLED) return fail('用户已被封禁');
  return setupLogin(c, user);
}

/** GET /api/oauth/telegram/bind: binds to the signed-in user, then redirects the browser to /setting. */
async function telegramBind(c: ApiContext): Promise<ApiResult> {
  if (!c.app.options.bool('TelegramOAuthEnabled')) return fail(NOT_ENABLED);
  if (!genuine(c)) return fail('无效的请求');
  if (!(await bindExternal(c, 'telegram_id', c.query.get('id') ?? ''))) return fail('该 Telegram 账户已被绑定');
  return { status: 302, raw: '', headers: { Location: '/setting' } };
}

export const telegramRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/oauth/telegram/login', access: 'public', critical: true, handler: telegramLogin },
  { method: 'get', path: '/api/oauth/telegram/bind', access: 'public', critical: true, handler: telegramBind },
];
