import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { ROLE_ROOT } from '../../auth/roles.js';
import { shortText } from '../../contracts/bounded-text.js';
import { parseBody, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import type { ApiResult } from '../envelope.js';

async function rootExists(c: ApiContext): Promise<boolean> {
  const [row] = await c.app.sql`SELECT 1 FROM users WHERE role = ${ROLE_ROOT} AND deleted_at IS NULL LIMIT 1`;
  return row !== undefined;
}

const databaseType = (c: ApiContext) => (c.app.db.kind === 'postgres' ? 'postgres' : 'embedded');

async function getSetup(c: ApiContext): Promise<ApiResult> {
  if (c.app.setup.done) return { body: { success: true, data: { status: true, root_init: false, database_type: '' } } };
  return { body: { success: true, data: { status: false, root_init: await rootExists(c), database_type: databaseType(c) } } };
}

const setupBody = z.object({
  username: shortText.optional().default(''),
  password: shortText.optional().default(''),
  confirmPassword: shortText.optional().default(''),
  SelfUseModeEnabled: z.boolean().optional().default(false),
  DemoSiteEnabled: z.boolean().optional().default(false),
});

const bad = (message: string, status = 400): ApiResult => ({ status, body: { success: false, message } });

/** First-run initialisation (spec console-api.md §3.6): creates root once, saves the usage mode, marks setup done. */
async function postSetup(c: ApiContext): Promise<ApiResult> {
  if (c.app.setup.done) return bad('系统已经初始化完成');
  const input = parseBody(c, setupBody, '请求参数有误', 400);
  const { sql, options } = c.app;
  if (!(await rootExists(c))) {
    const username = input.username.trim();
    if (!username) return bad('用户名不能为空');
    if ([...username].length > 12) return bad('用户名长度不能超过12个字符');
    if (input.password !== input.confirmPassword) return bad('两次输入的密码不一致');
    if (input.password.length < 8) return bad('密码长度至少为8个字符');
    if (input.password.length > 20) return bad('密码长度不能超过20个字符');
    const hashed = await hashPassword(input.password);
    try {
      await sql`INSERT INTO users (username, password, display_name, role, status, quota, aff_code)
                VALUES (${username}, ${hashed}, 'Root User', ${ROLE_ROOT}, 1, 100000000, NULL)`;
    } catch (e) {
      return bad(`创建管理员账号失败: ${(e as Error).message}`, 500);
    }
  }
  try {
    await options.set(sql, 'SelfUseModeEnabled', String(input.SelfUseModeEnabled));
    await options.set(sql, 'DemoSiteEnabled', String(input.DemoSiteEnabled));
    await sql`INSERT INTO setups (version, initialized_at) VALUES (${c.app.env.VERSION}, ${Math.floor(Date.now() / 1000)})`;
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
