import { hashPassword } from '../../auth/password.js';
import { ROLE_ROOT } from '../../auth/roles.js';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../contracts/admin-user.js';
import { setupBodySchema } from '../../contracts/status.js';
import { recordSetup } from '../../db/repositories/options.js';
import { insertPlainUser, rootExists as readRootExists } from '../../db/repositories/users.js';
import { parseBody, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import type { ApiResult } from '../envelope.js';

const rootExists = (c: ApiContext): Promise<boolean> => readRootExists(c.app.sql);

const databaseType = (c: ApiContext) => (c.app.db.kind === 'postgres' ? 'postgres' : 'embedded');

async function getSetup(c: ApiContext): Promise<ApiResult> {
  if (c.app.setup.done) return { body: { success: true, data: { status: true, root_init: false, database_type: '' } } };
  return { body: { success: true, data: { status: false, root_init: await rootExists(c), database_type: databaseType(c) } } };
}

const bad = (message: string, status = 400): ApiResult => ({ status, body: { success: false, message } });

/** First-run initialisation (spec console-api.md §3.6): creates root once, saves the usage mode, marks setup done. */
async function postSetup(c: ApiContext): Promise<ApiResult> {
  if (c.app.setup.done) return bad('系统已经初始化完成');
  const input = parseBody(c, setupBodySchema, '请求参数有误', 400);
  const { sql, options } = c.app;
  if (!(await rootExists(c))) {
    const username = input.username.trim();
    if (!username) return bad('用户名不能为空');
    if ([...username].length > USERNAME_MAX) return bad(`用户名长度不能超过${USERNAME_MAX}个字符`);
    if (input.password !== input.confirmPassword) return bad('两次输入的密码不一致');
    if (input.password.length < PASSWORD_MIN) return bad(`密码长度至少为${PASSWORD_MIN}个字符`);
    if (input.password.length > PASSWORD_MAX) return bad(`密码长度不能超过${PASSWORD_MAX}个字符`);
    const hashed = await hashPassword(input.password);
    try {
      await insertPlainUser(sql, { username, password: hashed, display_name: 'Root User', role: ROLE_ROOT, status: 1, quota: 100000000, aff_code: null });
    } catch (e) {
      return bad(`创建管理员账号失败: ${(e as Error).message}`, 500);
    }
  }
  try {
    await options.set(sql, 'SelfUseModeEnabled', String(input.SelfUseModeEnabled));
    await options.set(sql, 'DemoSiteEnabled', String(input.DemoSiteEnabled));
    await recordSetup(sql, c.app.env.VERSION, Math.floor(Date.now() / 1000));
  } catch (e) {
    return bad(`系统初始化失败: ${(e as Error).message}`, 500);
  }
  c.app.setup.done = true;
  c.app.invalidation.publish('options');
  return { body: { success: true, message: '系统初始化成功' } };
}

export const setupRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/setup', access: 'public', handler: getSetup },
  { method: 'post', path: '/api/setup', access: 'public', handler: postSetup },
];
