import type { AppServices } from '../app-services.js';
import { authenticateUser } from '../console-api/authenticate-user.js';
import { ApiError } from '../console-api/envelope.js';
import type { Exchange } from '../http/exchange.js';
import type { Caller } from './authenticate-token.js';
import { localError } from './relay-error.js';

/**
 * /pg/chat/completions: the console session stands in for a token (spec console-api.md §2.9). Access
 * tokens are refused; the requested group must be usable; there is no token quota to check.
 */
export async function playgroundCaller(app: AppServices, ex: Exchange, body: Promise<Buffer>): Promise<Caller> {
  let user;
  try {
    user = await authenticateUser(app, await app.sessions.read(ex.req.headers['cookie']), ex.req.headers, 'user');
  } catch (e) {
    throw localError(e instanceof ApiError && e.status === 401 ? 401 : 403, (e as Error).message);
  }
  if (user.useAccessToken) throw localError(400, '暂不支持使用 access token');
  const cached = await app.users.get(user.id);
  if (!cached) throw localError(401, '无效的用户');
  let group = '';
  try {
    const parsed = JSON.parse((await body).toString('utf8')) as { group?: unknown; model?: unknown };
    if (typeof parsed.group === 'string') group = parsed.group;
    if (typeof parsed.model !== 'string' || parsed.model === '') throw localError(400, '请选择模型');
  } catch (e) {
    if (e instanceof Error && 'status' in e) throw e;
    throw localError(400, 'Invalid request, 无效的请求');
  }
  if (group && group !== cached.group && !Object.hasOwn(app.options.json<Record<string, string>>('UserUsableGroups'), group)) {
    throw localError(403, '无权访问该分组');
  }
  const token = {
    id: 0,
    userId: user.id,
    key: '',
    name: `playground-${group || cached.group}`,
    status: 1,
    expiredTime: -1,
    remainQuota: 0,
    unlimitedQuota: true,
    modelLimits: null,
    allowIps: null,
    group: group || '',
  };
  return { token, user: cached, channelPin: null, playground: true };
}
