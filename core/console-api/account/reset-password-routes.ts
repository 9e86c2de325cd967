import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { hashPassword } from '../../auth/password.js';
import { consumeCode, issueCode, newResetToken } from '../../auth/verification-codes.js';
import { passwordResetBodySchema } from '../../contracts/user.js';
import { emailTaken, resetPasswordsByEmail } from '../../db/repositories/users.js';
import { passwordResetMail } from '../../mail/mail-templates.js';
import { serverAddress } from '../../options/server-address.js';
import { parseBody, type ApiContext } from '../api-context.js';
import { readQuery, textParam } from '../log/query-params.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { mailAnswer } from './mail-answer.js';
import { checkTurnstile } from './turnstile.js';

const emailFormat = z.email();
const emailQuery = z.object({ email: textParam });

/** GET /api/reset_password?email= (spec console-api.md §3.5): mails a reset link valid 10 minutes. */
async function requestReset(c: ApiContext): Promise<ApiResult> {
  await checkTurnstile(c);
  const { options, sql } = c.app;
  const { email } = readQuery(c, emailQuery);
  if (!emailFormat.safeParse(email).success) return fail('无效的参数');
  // Soft-deleted users count, as new-api's IsEmailAlreadyTaken.
  if (!(await emailTaken(sql, email))) return fail('该邮箱地址未注册');
  const token = newResetToken();
  await issueCode(sql, 'reset', email, token);
  const link = `${serverAddress(c.app)}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
  return mailAnswer(c, passwordResetMail(email, options.get('SystemName'), link));
}

/**
 * POST /api/user/reset {email, token}: a new 12-hex password for every account with that email, returned in
 * data. The token is single-use, and the sessions and system access tokens of those accounts are revoked as
 * well, since a reset is how a possibly stolen account is taken back.
 */
async function resetPassword(c: ApiContext): Promise<ApiResult> {
  const input = parseBody(c, passwordResetBodySchema);
  if (!input.email || !input.token) return fail('无效的参数');
  if (!(await consumeCode(c.app.sql, 'reset', input.email, input.token))) return fail('重置链接非法或已过期');
  const password = randomUUID().replaceAll('-', '').slice(0, 12);
  const hashed = await hashPassword(password);
  const ids = await resetPasswordsByEmail(c.app.sql, input.email, hashed);
  for (const id of ids) c.app.invalidation.publish('user', id);
  await c.app.sessions.endAllOf(ids);
  return ok(password);
}

export const resetPasswordRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/reset_password', access: 'public', critical: true, handler: requestReset },
  { method: 'post', path: '/api/user/reset', access: 'public', critical: true, handler: resetPassword },
];
