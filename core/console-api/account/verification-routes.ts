import { z } from 'zod';
import { checkCode, consumeCode, issueCode, newEmailCode } from '../../auth/verification-codes.js';
import { emailTaken, updateUser } from '../../db/repositories/users.js';
import { verificationMail } from '../../mail/mail-templates.js';
import type { ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { readQuery, textParam } from '../log/query-params.js';
import { requireSessionUser } from '../oauth/session-user.js';
import { emailRuleViolation } from './email-rules.js';
import { mailAnswer } from './mail-answer.js';
import { checkTurnstile } from './turnstile.js';

const emailQuery = z.object({ email: textParam, code: textParam });

/** GET /api/verification?email= (spec console-api.md §3.4): mails a 6-hex code valid 10 minutes. */
async function sendVerification(c: ApiContext): Promise<ApiResult> {
  await checkTurnstile(c);
  const { options, sql } = c.app;
  const { email } = readQuery(c, emailQuery);
  const violation = emailRuleViolation(email, {
    domainRestriction: options.bool('EmailDomainRestrictionEnabled'),
    whitelist: options.get('EmailDomainWhitelist'),
    aliasRestriction: options.bool('EmailAliasRestrictionEnabled'),
  });
  if (violation) return fail(violation);
  // Soft-deleted users count (as new-api's IsEmailAlreadyTaken).
  if (await emailTaken(sql, email)) return fail('邮箱地址已被占用');
  const code = newEmailCode();
  await issueCode(sql, 'verify', email, code);
  return mailAnswer(c, verificationMail(email, options.get('SystemName'), code));
}

/**
 * GET /api/oauth/email/bind?email=&code=: sets the email of the signed-in user. The code is spent, and the
 * address is checked again (new-api does not), so two accounts never end up sharing one address.
 */
async function bindEmail(c: ApiContext): Promise<ApiResult> {
  const user = await requireSessionUser(c);
  const { email, code } = readQuery(c, emailQuery);
  if (!(await checkCode(c.app.sql, 'verify', email, code))) return fail('验证码错误或已过期');
  if (await emailTaken(c.app.sql, email, user.id)) return fail('邮箱地址已被占用');
  if (!(await consumeCode(c.app.sql, 'verify', email, code))) return fail('验证码错误或已过期');
  await updateUser(c.app.sql, user.id, { email });
  c.app.invalidation.publish('user', user.id);
  return ok();
}

export const verificationRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/verification', access: 'public', critical: true, handler: sendVerification },
  { method: 'get', path: '/api/oauth/email/bind', access: 'public', critical: true, handler: bindEmail },
];
