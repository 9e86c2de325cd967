import { z } from 'zod';
import { newAffCode } from '../../auth/random-key.js';
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
    const [row] = await sql<{ aff_code: string | null }[]>`SELECT aff_code FROM users WHERE id = ${me.id}`;
    if (row?.aff_code) return ok(row.aff_code);
    try {
      await sql`UPDATE users SET aff_code = ${newAffCode()} WHERE id = ${me.id} AND (aff_code IS NULL OR aff_code = '')`;
    } catch (e) {
      // Another user holds the drawn code: draw again.
      if (!isUniqueViolation(e, 'idx_users_aff_code')) throw e;
    }
  }
  return fail('生成失败');
}

const transferBody = z.object({ quota: z.number().int().nullish() });

/**
 * POST /api/user/aff_transfer {quota}: moves invitation earnings to the balance (spec §8.5). One conditional
 * UPDATE does the check and both moves, so concurrent transfers can never spend the earnings twice.
 */
async function transferAffQuota(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const { quota } = parseBody(c, transferBody);
  if (!quota) return fail("Key: 'TransferAffQuotaRequest.Quota' Error:Field validation for 'Quota' failed on the 'required' tag");
  const minimum = c.app.options.number('QuotaPerUnit');
  if (quota < minimum) return fail(`划转失败 转移额度最小为${quotaText(c.app, minimum)}！`);
  const moved = await c.app.sql`
    UPDATE users SET aff_quota = aff_quota - ${quota}, quota = quota + ${quota}
    WHERE id = ${me.id} AND aff_quota >= ${quota} RETURNING id`;
  if (moved.length === 0) return fail('划转失败 邀请额度不足！');
  c.app.invalidation.publish('user', me.id);
  return ok(undefined, '划转成功');
}

export const affiliateRoutes: ApiRoute[] = [
  { method: 'get', path: '/api/user/aff', access: 'user', handler: getAffCode },
  { method: 'post', path: '/api/user/aff_transfer', access: 'user', handler: transferAffQuota },
];
