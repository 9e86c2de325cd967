import { z } from 'zod';
import { logQuota } from '../../billing/format-quota.js';
import { parseBody, requireUser, type ApiContext } from '../api-context.js';
import { fail, ok, type ApiResult } from '../envelope.js';
import { creditTopUp } from '../topup/credit-top-up.js';
import { REDEMPTION_UNUSED, REDEMPTION_USED } from './redemption-row.js';

const redeemInput = z.object({ key: z.string().max(200).optional() });

/**
 * POST /api/user/topup {key} — redeems a code; data = the quota added. The claim is ONE conditional
 * update (unused → used, RETURNING) in the transaction that credits the user and writes the log, so
 * however many requests race for a code — one user or many, one node or several — exactly one wins and
 * the others see the code as used (reliability-security S9/C5). No global lock and no random sleep,
 * unlike new-api.
 */
export async function redeemCode(c: ApiContext): Promise<ApiResult> {
  const me = requireUser(c);
  const key = (parseBody(c, redeemInput).key ?? '').trim();
  if (key === '') return fail('未提供兑换码');
  const now = Math.floor(Date.now() / 1000);
  const o = c.app.options;
  const redeemed = await c.app.sql.begin(async (tx) => {
    const [code] = await tx<{ id: number; quota: number }[]>`
      UPDATE redemptions SET status = ${REDEMPTION_USED}, redeemed_time = ${now}, used_user_id = ${me.id}
      WHERE key = ${key} AND status = ${REDEMPTION_UNUSED} AND deleted_at IS NULL
      RETURNING id, quota`;
    if (!code) return null;
    const amount = logQuota(code.quota, o.bool('DisplayInCurrencyEnabled'), o.number('QuotaPerUnit'));
    await creditTopUp(tx, me.id, code.quota, `通过兑换码充值 ${amount}，兑换码ID ${code.id}`, now);
    return code;
  });
  if (redeemed) return ok(redeemed.quota);
  const [known] = await c.app.sql`SELECT 1 FROM redemptions WHERE key = ${key} AND deleted_at IS NULL`;
  return fail(known ? '兑换失败，该兑换码已被使用' : '兑换失败，无效的兑换码');
}
