import { newTokenKey } from '../../auth/random-key.js';
import { checkCode, consumeCode } from '../../auth/verification-codes.js';
import { registerBodySchema } from '../../contracts/user.js';
import { insertToken } from '../../db/repositories/tokens.js';
import { usernameOrEmailTaken } from '../../db/repositories/users.js';
import { parseBody, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { insertUser, inviterIdOf, USERNAME_TAKEN } from '../user/insert-user.js';
import { userFieldError } from '../user/user-validation.js';
import { checkTurnstile } from './turnstile.js';

/** POST /api/user/register (spec console-api.md §5.1). No session is created: the user logs in next. */
async function register(c: ApiContext): Promise<ApiResult> {
  await checkTurnstile(c);
  const { options, sql, env } = c.app;
  if (!options.bool('RegisterEnabled')) return fail('管理员关闭了新用户注册');
  if (!options.bool('PasswordRegisterEnabled')) return fail('管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册');
  const input = parseBody(c, registerBodySchema);
  const invalid = userFieldError(input);
  if (invalid) return fail(invalid);
  // new-api lets an empty username through (the validator has no "required"); an account nobody can name is refused here.
  if (!input.username) return fail('无效的参数');

  const verifyEmail = options.bool('EmailVerificationEnabled');
  if (verifyEmail) {
    if (!input.email || !input.verification_code) return fail('管理员开启了邮箱验证，请输入邮箱地址和验证码');
    if (!(await checkCode(sql, 'verify', input.email, input.verification_code))) return fail('验证码错误或已过期');
  }
  // Soft-deleted users count: a deregistered name or address is not handed out again.
  if (await usernameOrEmailTaken(sql, input.username, input.email)) return fail(USERNAME_TAKEN);
  const inviterId = await inviterIdOf(c.app, input.aff_code);
  // The code is spent only now that nothing else can refuse the registration (single use, unlike new-api).
  if (verifyEmail && !(await consumeCode(sql, 'verify', input.email, input.verification_code))) return fail('验证码错误或已过期');

  const user = await insertUser(
    c.app,
    { username: input.username, password: input.password, display_name: input.username, email: verifyEmail ? input.email : '' },
    inviterId,
  );
  if (env.GENERATE_DEFAULT_TOKEN) {
    const now = Math.floor(Date.now() / 1000);
    try {
      await insertToken(sql, {
        user_id: user.id,
        key: newTokenKey(),
        name: `${user.username}的初始令牌`,
        created_time: now,
        accessed_time: now,
        expired_time: -1,
        remain_quota: 500000,
        unlimited_quota: true,
      });
    } catch (e) {
      c.app.log.error('default token creation failed', { error: String(e) });
      return fail('创建默认令牌失败');
    }
  }
  return ok();
}

export const registerRoutes: ApiRoute[] = [
  { method: 'post', path: '/api/user/register', access: 'public', critical: true, handler: register },
];
