import { newAffCode } from '../../auth/random-key.js';
import { affTransferBodySchema } from '../../contracts/topup.js';
import { affCodeOf, setAffCodeIfNone, transferAffQuota as moveAffQuota } from '../../db/repositories/users.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import type { ApiRoute } from '../api-route.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { isUniqueViolation } from './insert-user.js';
import { quotaText } from './record-user-log.js';

const AFF_CODE_ATTEMPTS = 5;

/** GET /api/user/aff: the caller's invitation code, drawn and saved on first use (root starts without one). */
async function getAffCode(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { sql } = c.app;
  for (let i = 0; i < AFF_CODE_ATTEMPTS; i++) {
    const code = await affCodeOf(sql, me.id);
    if (code) return ok(code);
    try {
      await setAffCodeIfNone(sql, me.id, newAffCode());
    } catch (e) {
      // Another user holds the drawn code: draw again.
      if (!isUniqueViolation(e, 'idx_users_aff_code')) throw e;
    }
  }
  return fail('生成失败');
}

/**
 * POST /api/user/aff_transfer {quota}: moves invitation earnings to the balance (spec §8.5). One conditional
 * UPDATE (transferAffQuota) does the check and both moves, so concurrent transfers never spend the earnings twice.
 */
async function transferAffQuota(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { quota } = parseBody(c, affTransferBodySchema);
  if (!quota) return fail("Key: 'TransferAffQuotaRequest.Quota' Error:Field validation for 'Quota' failed on the 'required' tag");
  const minimum = c.app.options.number('QuotaPerUnit');
  if (quota < minimum) return fail(`划转失败 转移额度最小为${quotaText(c.app, minimum)}！`);
  if (!(await moveAffQuota(c.app.sql, me.id, quota))) return fail('划转失败 邀请额度不足！');
  c.app.invalidation.publish('user', me.id);
  return ok(undefined, '划转成功');
}

export const affiliateRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/user/aff', access: 'user', handler: getAffCode },
  { method: 'post', path: '/api/user/aff_transfer', access: 'user', handler: transferAffQuota },
];
